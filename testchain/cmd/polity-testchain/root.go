package main

import (
	"os"

	"github.com/spf13/cobra"

	"cosmossdk.io/client/v2/autocli"
	"cosmossdk.io/depinject"
	"cosmossdk.io/log"

	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/client/config"
	"github.com/cosmos/cosmos-sdk/codec"
	codectypes "github.com/cosmos/cosmos-sdk/codec/types"
	"github.com/cosmos/cosmos-sdk/server"
	serverconfig "github.com/cosmos/cosmos-sdk/server/config"
	"github.com/cosmos/cosmos-sdk/types/module"
	"github.com/cosmos/cosmos-sdk/x/auth/tx"
	authtxconfig "github.com/cosmos/cosmos-sdk/x/auth/tx/config"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"

	cmtcfg "github.com/cometbft/cometbft/config"

	"polity/testchain/app"
)

// newRootCmd wires the CLI from the same depinject Config as the node, so
// the client knows exactly the node's messages, and autocli can generate
// query/tx commands for every module that has no hand-written ones.
func newRootCmd() *cobra.Command {
	var (
		autoCliOpts autocli.AppOptions
		basics      module.BasicManager
		clientCtx   client.Context
	)
	if err := depinject.Inject(
		depinject.Configs(app.Config,
			depinject.Supply(log.NewNopLogger()),
			depinject.Provide(ProvideClientContext)),
		&autoCliOpts, &basics, &clientCtx,
	); err != nil {
		panic(err)
	}

	root := &cobra.Command{
		Use:           "polity-testchain",
		Short:         "Polity's Cosmos SDK v0.50 test chain (x/group, x/gov, x/upgrade)",
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			cmd.SetOut(cmd.OutOrStdout())
			cmd.SetErr(cmd.ErrOrStderr())

			ctx := clientCtx.WithCmdContext(cmd.Context()).WithViper("")
			ctx, err := client.ReadPersistentCommandFlags(ctx, cmd.Flags())
			if err != nil {
				return err
			}
			// client.toml (node address, chain id) of the --home given.
			if ctx, err = config.ReadFromClientConfig(ctx); err != nil {
				return err
			}
			if err := client.SetCmdClientContextHandler(ctx, cmd); err != nil {
				return err
			}
			return server.InterceptConfigsPreRunHandler(cmd, serverconfig.DefaultConfigTemplate, appConfig(), cmtcfg.DefaultConfig())
		},
	}

	addCommands(root, clientCtx.TxConfig, basics)
	if err := autoCliOpts.EnhanceRootCommand(root); err != nil {
		panic(err)
	}
	return root
}

// appConfig is the SDK's default app.toml except a zero minimum gas price:
// the SDK default is empty, which makes `start` refuse to run.
func appConfig() *serverconfig.Config {
	cfg := serverconfig.DefaultConfig()
	cfg.MinGasPrices = "0stake"
	return cfg
}

// ProvideClientContext (exported: depinject insists) gives the CLI a codec and a tx config built like the
// node's. SIGN_MODE_TEXTUAL needs denom metadata; the CLI has no bank keeper,
// so it asks the node over gRPC instead.
func ProvideClientContext(cdc codec.Codec, reg codectypes.InterfaceRegistry,
	txOpts tx.ConfigOptions, amino *codec.LegacyAmino,
) client.Context {
	ctx := client.Context{}.
		WithCodec(cdc).
		WithInterfaceRegistry(reg).
		WithLegacyAmino(amino).
		WithInput(os.Stdin).
		WithAccountRetriever(authtypes.AccountRetriever{}).
		WithHomeDir(app.DefaultNodeHome).
		WithViper("")
	ctx, _ = config.ReadFromClientConfig(ctx)

	txOpts.TextualCoinMetadataQueryFn = authtxconfig.NewGRPCCoinMetadataQueryFn(ctx)
	txCfg, err := tx.NewTxConfigWithOptions(ctx.Codec, txOpts)
	if err != nil {
		panic(err)
	}
	return ctx.WithTxConfig(txCfg)
}
