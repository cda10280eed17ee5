// Command checker verifies Polity's light-client vectors and proof bundles with CometBFT's own
// light client (github.com/cometbft/cometbft/light) and the ICS23 Go verifier
// (github.com/cosmos/ics23/go): an independent second opinion on every accept and refuse of
// Polity's TypeScript verifier (verify/).
//
//	checker vectors FILE                  rows of test-vectors/light-client-vectors.json
//	checker bundle FILE [--at RFC3339] [--trusting-period SECONDS] [--trust HEIGHT:HASH]
//	                                      one bundle: its verdict as JSON on standard output
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: checker vectors FILE | checker bundle FILE [--at RFC3339] [--trusting-period SECONDS] [--trust HEIGHT:HASH]")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "vectors":
		os.Exit(checkVectors(os.Args[2]))
	case "bundle":
		os.Exit(checkBundleFile(os.Args[2], os.Args[3:]))
	default:
		fmt.Fprintf(os.Stderr, "unknown command %q\n", os.Args[1])
		os.Exit(2)
	}
}
