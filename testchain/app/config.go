package app

import (
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	runtimev1alpha1 "cosmossdk.io/api/cosmos/app/runtime/v1alpha1"
	appv1alpha1 "cosmossdk.io/api/cosmos/app/v1alpha1"
	authmodulev1 "cosmossdk.io/api/cosmos/auth/module/v1"
	bankmodulev1 "cosmossdk.io/api/cosmos/bank/module/v1"
	consensusmodulev1 "cosmossdk.io/api/cosmos/consensus/module/v1"
	distrmodulev1 "cosmossdk.io/api/cosmos/distribution/module/v1"
	genutilmodulev1 "cosmossdk.io/api/cosmos/genutil/module/v1"
	govmodulev1 "cosmossdk.io/api/cosmos/gov/module/v1"
	groupmodulev1 "cosmossdk.io/api/cosmos/group/module/v1"
	stakingmodulev1 "cosmossdk.io/api/cosmos/staking/module/v1"
	txconfigv1 "cosmossdk.io/api/cosmos/tx/config/v1"
	upgrademodulev1 "cosmossdk.io/api/cosmos/upgrade/module/v1"
	"cosmossdk.io/core/appconfig"
	"cosmossdk.io/depinject"
	_ "cosmossdk.io/x/upgrade" // registers the module with appconfig
	upgradetypes "cosmossdk.io/x/upgrade/types"

	"github.com/cosmos/cosmos-sdk/runtime"
	"github.com/cosmos/cosmos-sdk/types/module"
	_ "github.com/cosmos/cosmos-sdk/x/auth"
	_ "github.com/cosmos/cosmos-sdk/x/auth/tx/config" // registers the "tx" config (default ante handler)
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	_ "github.com/cosmos/cosmos-sdk/x/bank"
	banktypes "github.com/cosmos/cosmos-sdk/x/bank/types"
	_ "github.com/cosmos/cosmos-sdk/x/consensus"
	consensustypes "github.com/cosmos/cosmos-sdk/x/consensus/types"
	_ "github.com/cosmos/cosmos-sdk/x/distribution"
	distrtypes "github.com/cosmos/cosmos-sdk/x/distribution/types"
	"github.com/cosmos/cosmos-sdk/x/genutil"
	genutiltypes "github.com/cosmos/cosmos-sdk/x/genutil/types"
	_ "github.com/cosmos/cosmos-sdk/x/gov"
	govtypes "github.com/cosmos/cosmos-sdk/x/gov/types"
	"github.com/cosmos/cosmos-sdk/x/group"
	_ "github.com/cosmos/cosmos-sdk/x/group/module"
	_ "github.com/cosmos/cosmos-sdk/x/staking"
	stakingtypes "github.com/cosmos/cosmos-sdk/x/staking/types"
)

// AppName shows up in ABCI info; it is not "SimApp" so nobody mistakes this for simd.
const AppName = "PolityTestchain"

// Module accounts. Distribution is kept (without mint) because gov needs a
// distribution keeper and fees have to land somewhere real.
var moduleAccountPerms = []*authmodulev1.ModuleAccountPermission{
	{Account: authtypes.FeeCollectorName},
	{Account: distrtypes.ModuleName},
	{Account: stakingtypes.BondedPoolName, Permissions: []string{authtypes.Burner, stakingtypes.ModuleName}},
	{Account: stakingtypes.NotBondedPoolName, Permissions: []string{authtypes.Burner, stakingtypes.ModuleName}},
	{Account: govtypes.ModuleName, Permissions: []string{authtypes.Burner}},
}

// Every module account except gov refuses plain sends, as on simd, so a
// group proposal paying a module account fails the same way it would there.
var blockedModuleAccounts = []string{
	authtypes.FeeCollectorName,
	distrtypes.ModuleName,
	stakingtypes.BondedPoolName,
	stakingtypes.NotBondedPoolName,
}

// Config is the whole app wiring: depinject builds every keeper from it,
// both for the node (New) and for the CLI (autocli, genesis commands).
var Config = depinject.Configs(
	appconfig.Compose(&appv1alpha1.Config{Modules: []*appv1alpha1.ModuleConfig{
		{
			Name: runtime.ModuleName,
			Config: appconfig.WrapAny(&runtimev1alpha1.Module{
				AppName: AppName,
				// upgrade must run first in a block: it is what halts the node at a plan's height.
				PreBlockers:   []string{upgradetypes.ModuleName},
				BeginBlockers: []string{distrtypes.ModuleName, stakingtypes.ModuleName},
				// group last, after gov, mirroring simd so proposal tallies happen in the same order.
				EndBlockers: []string{govtypes.ModuleName, stakingtypes.ModuleName, group.ModuleName},
				// simd stores accounts under "acc"; keeping the name keeps store keys and proofs alike.
				OverrideStoreKeys: []*runtimev1alpha1.StoreKeyConfig{
					{ModuleName: authtypes.ModuleName, KvStoreKey: "acc"},
				},
				// genutil after staking and bank: gentxs delegate genesis balances.
				InitGenesis: []string{
					authtypes.ModuleName, banktypes.ModuleName, distrtypes.ModuleName,
					stakingtypes.ModuleName, govtypes.ModuleName, genutiltypes.ModuleName,
					group.ModuleName, upgradetypes.ModuleName,
				},
			}),
		},
		{Name: authtypes.ModuleName, Config: appconfig.WrapAny(&authmodulev1.Module{
			Bech32Prefix:             "cosmos",
			ModuleAccountPermissions: moduleAccountPerms,
		})},
		{Name: banktypes.ModuleName, Config: appconfig.WrapAny(&bankmodulev1.Module{
			BlockedModuleAccountsOverride: blockedModuleAccounts,
		})},
		{Name: stakingtypes.ModuleName, Config: appconfig.WrapAny(&stakingmodulev1.Module{})},
		{Name: distrtypes.ModuleName, Config: appconfig.WrapAny(&distrmodulev1.Module{})},
		{Name: govtypes.ModuleName, Config: appconfig.WrapAny(&govmodulev1.Module{})},
		{Name: group.ModuleName, Config: appconfig.WrapAny(&groupmodulev1.Module{
			// simd's values: decided proposals stay executable (and stored) for 14 days.
			MaxExecutionPeriod: durationpb.New(14 * 24 * time.Hour),
			MaxMetadataLen:     255,
		})},
		{Name: upgradetypes.ModuleName, Config: appconfig.WrapAny(&upgrademodulev1.Module{})},
		{Name: consensustypes.ModuleName, Config: appconfig.WrapAny(&consensusmodulev1.Module{})},
		{Name: genutiltypes.ModuleName, Config: appconfig.WrapAny(&genutilmodulev1.Module{})},
		// The default ante handler (signatures, fees, sequence) comes from here.
		{Name: "tx", Config: appconfig.WrapAny(&txconfigv1.Config{})},
	}}),
	// genutil's depinject module has no gentx validator; without this basic
	// `genesis validate` and InitChain would not check gentx messages.
	depinject.Supply(map[string]module.AppModuleBasic{
		genutiltypes.ModuleName: genutil.NewAppModuleBasic(genutiltypes.DefaultMessageValidator),
	}),
)
