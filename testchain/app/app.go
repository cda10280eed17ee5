// Package app is a minimal Cosmos SDK v0.50 chain for Polity's tests: the
// modules Polity reads (x/group, x/gov, x/upgrade) plus what a one-validator
// chain needs to produce blocks (auth, bank, staking, distribution, consensus, genutil).
package app

import (
	"context"
	"io"
	"os"
	"strings"

	dbm "github.com/cosmos/cosmos-db"

	clienthelpers "cosmossdk.io/client/v2/helpers"
	"cosmossdk.io/depinject"
	"cosmossdk.io/log"
	upgradekeeper "cosmossdk.io/x/upgrade/keeper"
	upgradetypes "cosmossdk.io/x/upgrade/types"

	"github.com/cosmos/cosmos-sdk/baseapp"
	"github.com/cosmos/cosmos-sdk/codec"
	"github.com/cosmos/cosmos-sdk/runtime"
	servertypes "github.com/cosmos/cosmos-sdk/server/types"
	"github.com/cosmos/cosmos-sdk/types/module"
	stakingkeeper "github.com/cosmos/cosmos-sdk/x/staking/keeper"
)

// UpgradeNameEnv names the env var holding the upgrade plan name(s) this
// binary can apply. Setting it is what makes a restarted node "the new
// binary" that cosmovisor would have swapped in.
const UpgradeNameEnv = "TESTCHAIN_UPGRADE_NAME"

// DefaultNodeHome is used when neither --home nor NODE_HOME is given.
var DefaultNodeHome string

func init() {
	var err error
	if DefaultNodeHome, err = clienthelpers.GetNodeHomeDirectory(".polity-testchain"); err != nil {
		panic(err)
	}
}

// App is runtime.App plus the few keepers the app itself touches.
type App struct {
	*runtime.App
	appCodec      codec.Codec
	StakingKeeper *stakingkeeper.Keeper
	UpgradeKeeper *upgradekeeper.Keeper
}

// The server needs only servertypes.Application; runtime.AppI would add
// simulation hooks this chain has no use for.
var _ servertypes.Application = (*App)(nil)

// New builds the app from Config. appOpts reaches x/upgrade (home dir,
// skip heights) through depinject, which is how it finds upgrade-info.json.
func New(logger log.Logger, db dbm.DB, traceStore io.Writer, loadLatest bool,
	appOpts servertypes.AppOptions, baseAppOptions ...func(*baseapp.BaseApp),
) *App {
	app := &App{}
	var builder *runtime.AppBuilder
	if err := depinject.Inject(
		depinject.Configs(Config, depinject.Supply(appOpts, logger)),
		&builder, &app.appCodec, &app.StakingKeeper, &app.UpgradeKeeper,
	); err != nil {
		panic(err)
	}

	app.App = builder.Build(db, traceStore, baseAppOptions...)
	app.registerUpgradeHandlers()

	if err := app.Load(loadLatest); err != nil {
		panic(err)
	}
	return app
}

// registerUpgradeHandlers registers one no-op handler (module migrations
// only) per name in TESTCHAIN_UPGRADE_NAME (comma-separated). Without a
// handler x/upgrade halts the node at the plan's height with
// `UPGRADE "NAME" NEEDED`; with it the plan is applied. Keep the env set on
// later restarts too: x/upgrade refuses to start a binary lacking the handler
// of the last applied plan.
func (app *App) registerUpgradeHandlers() {
	for _, name := range strings.Split(os.Getenv(UpgradeNameEnv), ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		app.UpgradeKeeper.SetUpgradeHandler(name,
			func(ctx context.Context, _ upgradetypes.Plan, fromVM module.VersionMap) (module.VersionMap, error) {
				return app.ModuleManager.RunMigrations(ctx, app.Configurator(), fromVM)
			})
	}
}

// AppCodec is needed by export.
func (app *App) AppCodec() codec.Codec { return app.appCodec }
