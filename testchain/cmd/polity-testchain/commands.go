package main

import (
	"io"

	dbm "github.com/cosmos/cosmos-db"
	"github.com/spf13/cobra"

	"cosmossdk.io/log"

	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/client/debug"
	"github.com/cosmos/cosmos-sdk/client/keys"
	"github.com/cosmos/cosmos-sdk/client/pruning"
	"github.com/cosmos/cosmos-sdk/client/rpc"
	"github.com/cosmos/cosmos-sdk/client/snapshot"
	"github.com/cosmos/cosmos-sdk/server"
	servertypes "github.com/cosmos/cosmos-sdk/server/types"
	sdk "github.com/cosmos/cosmos-sdk/types"
	"github.com/cosmos/cosmos-sdk/types/module"
	authcli "github.com/cosmos/cosmos-sdk/x/auth/client/cli"
	genutilcli "github.com/cosmos/cosmos-sdk/x/genutil/client/cli"

	"polity/testchain/app"
)

// addCommands adds the commands simd has, minus the testnet and confix
// helpers (net4.sh builds a multi-validator net by hand instead).
func addCommands(root *cobra.Command, txCfg client.TxConfig, basics module.BasicManager) {
	// Bech32 prefixes are final from here on.
	sdk.GetConfig().Seal()

	root.AddCommand(
		genutilcli.InitCmd(basics, app.DefaultNodeHome),
		debug.Cmd(),
		pruning.Cmd(newApp, app.DefaultNodeHome),
		snapshot.Cmd(newApp),
	)
	// start, comet, export, rollback, version, ...
	server.AddCommands(root, app.DefaultNodeHome, newApp, exportApp, func(*cobra.Command) {})
	root.AddCommand(
		server.StatusCommand(),
		genutilcli.Commands(txCfg, basics, app.DefaultNodeHome),
		queryCmd(),
		txCmd(),
		keys.Commands(),
	)
}

// queryCmd holds the chain-wide queries; autocli adds one subcommand per module.
func queryCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "query", Aliases: []string{"q"}, Short: "Querying subcommands", RunE: client.ValidateCmd}
	cmd.AddCommand(
		rpc.WaitTxCmd(),
		server.QueryBlockCmd(),
		server.QueryBlocksCmd(),
		server.QueryBlockResultsCmd(),
		authcli.QueryTxsByEventsCmd(),
		authcli.QueryTxCmd(),
	)
	return cmd
}

// txCmd holds signing/broadcast tools; module tx commands come from autocli
// or the modules' own CLIs (group, gov, bank).
func txCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "tx", Short: "Transactions subcommands", RunE: client.ValidateCmd}
	cmd.AddCommand(
		authcli.GetSignCommand(),
		authcli.GetSignBatchCommand(),
		authcli.GetMultiSignCommand(),
		authcli.GetValidateSignaturesCommand(),
		authcli.GetBroadcastCommand(),
		authcli.GetEncodeCommand(),
		authcli.GetDecodeCommand(),
		authcli.GetSimulateCmd(),
	)
	return cmd
}

func newApp(logger log.Logger, db dbm.DB, trace io.Writer, opts servertypes.AppOptions) servertypes.Application {
	return app.New(logger, db, trace, true, opts, server.DefaultBaseappOptions(opts)...)
}

func exportApp(logger log.Logger, db dbm.DB, trace io.Writer, height int64, forZeroHeight bool,
	jailAllowed []string, opts servertypes.AppOptions, modules []string,
) (servertypes.ExportedApp, error) {
	a := app.New(logger, db, trace, height == -1, opts)
	if height != -1 {
		if err := a.LoadHeight(height); err != nil {
			return servertypes.ExportedApp{}, err
		}
	}
	return a.ExportAppStateAndValidators(forZeroHeight, jailAllowed, modules)
}
