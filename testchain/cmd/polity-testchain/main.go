// Command polity-testchain is the node and CLI of the Polity test chain.
package main

import (
	"fmt"
	"os"

	clienthelpers "cosmossdk.io/client/v2/helpers"

	svrcmd "github.com/cosmos/cosmos-sdk/server/cmd"

	"polity/testchain/app"
)

func main() {
	root := newRootCmd()
	// The empty env prefix (as simd) means flags are not read from env
	// vars; only NODE_HOME is, for the home directory.
	if err := svrcmd.Execute(root, clienthelpers.EnvPrefix, app.DefaultNodeHome); err != nil {
		fmt.Fprintln(root.OutOrStderr(), err)
		os.Exit(1)
	}
}
