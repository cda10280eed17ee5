package app

import (
	"encoding/json"
	"errors"

	cmtproto "github.com/cometbft/cometbft/proto/tendermint/types"

	servertypes "github.com/cosmos/cosmos-sdk/server/types"
	"github.com/cosmos/cosmos-sdk/x/staking"
)

// ExportAppStateAndValidators backs `polity-testchain export`: a dump of
// the state at the loaded height, handy for inspecting a test chain.
// Zero-height export (resetting distribution and staking for a relaunch) is
// deliberately unsupported; a test chain is never relaunched that way.
func (app *App) ExportAppStateAndValidators(forZeroHeight bool, _, modulesToExport []string) (servertypes.ExportedApp, error) {
	if forZeroHeight {
		return servertypes.ExportedApp{}, errors.New("--for-zero-height is not supported by polity-testchain")
	}
	ctx := app.NewContextLegacy(true, cmtproto.Header{Height: app.LastBlockHeight()})

	genState, err := app.ModuleManager.ExportGenesisForModules(ctx, app.appCodec, modulesToExport)
	if err != nil {
		return servertypes.ExportedApp{}, err
	}
	appState, err := json.MarshalIndent(genState, "", "  ")
	if err != nil {
		return servertypes.ExportedApp{}, err
	}
	validators, err := staking.WriteValidators(ctx, app.StakingKeeper)
	return servertypes.ExportedApp{
		AppState:   appState,
		Validators: validators,
		// CometBFT would start the exported chain at the next height.
		Height:          app.LastBlockHeight() + 1,
		ConsensusParams: app.BaseApp.GetConsensusParams(ctx),
	}, err
}
