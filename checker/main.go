package main

import (
	_ "github.com/cometbft/cometbft/light"
	_ "github.com/cosmos/ics23/go"
)

func main() {}
