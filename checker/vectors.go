package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"time"

	cmtmath "github.com/cometbft/cometbft/libs/math"
	"github.com/cometbft/cometbft/light"
)

// Light-client vectors (test-vectors/light-client-vectors.json): each row through CometBFT's own
// light client, the verdict compared with the one Polity's verifier gives the same row.

type vectorJSON struct {
	Name                  string            `json:"name"`
	Kind                  string            `json:"kind"`
	ChainID               string            `json:"chain_id"`
	Now                   string            `json:"now"`
	TrustingPeriodSeconds string            `json:"trusting_period_seconds"`
	Trusted               *lightBlockJSON   `json:"trusted"`
	Untrusted             *lightBlockJSON   `json:"untrusted"`
	Block                 *lightBlockJSON   `json:"block"`
	GenesisValidators     []json.RawMessage `json:"genesis_validators"`
	Genesis               json.RawMessage   `json:"genesis"`
	Primary               *lightBlockJSON   `json:"primary"`
	Witness               *lightBlockJSON   `json:"witness"`
	Expect                struct {
		Accept bool   `json:"accept"`
		Code   string `json:"code"`
	} `json:"expect"`
}

var trustLevel = cmtmath.Fraction{Numerator: 1, Denominator: 3}

const maxClockDrift = 10 * time.Second

func runVector(vector vectorJSON) error {
	switch vector.Kind {
	case "signed-header":
		block, err := decodeLightBlock(*vector.Block)
		if err != nil {
			return err
		}
		return checkOwn(vector.ChainID, block)
	case "genesis":
		validators, err := decodeValidators(vector.GenesisValidators)
		if err != nil {
			return err
		}
		return checkFirstBlock(vector, validators)
	case "step":
		return runStep(vector)
	case "genesis-document":
		return runGenesisDocument(vector)
	case "witness":
		return runWitness(vector)
	}
	return fmt.Errorf("unknown vector kind %q", vector.Kind)
}

func runStep(vector vectorJSON) error {
	trusted, err := decodeLightBlock(*vector.Trusted)
	if err != nil {
		return fmt.Errorf("trusted: %w", err)
	}
	untrusted, err := decodeLightBlock(*vector.Untrusted)
	if err != nil {
		return err
	}
	now, err := time.Parse(time.RFC3339Nano, vector.Now)
	if err != nil {
		return err
	}
	period, err := secondsOf(vector.TrustingPeriodSeconds)
	if err != nil {
		return err
	}
	if err := light.Verify(trusted.signed, trusted.vals, untrusted.signed, untrusted.vals, period, now, maxClockDrift, trustLevel); err != nil {
		return err
	}
	return polityRules(trusted, untrusted)
}

// polityRules are the two rules Polity's verifier adds to CometBFT's: an adjacent header must
// link to the trusted one by hash, and every signature that claims to be for the block must
// verify (CometBFT stops counting at 2/3 and 1/3).
func polityRules(trusted, untrusted *lightBlock) error {
	chainID := trusted.signed.ChainID
	if untrusted.signed.Height == trusted.signed.Height+1 && !bytes.Equal(untrusted.signed.LastBlockID.Hash, trusted.signed.Hash()) {
		return fmt.Errorf("header %d does not link to the trusted header", untrusted.signed.Height)
	}
	if err := untrusted.vals.VerifyCommitLightAllSignatures(chainID, untrusted.signed.Commit.BlockID, untrusted.signed.Height, untrusted.signed.Commit); err != nil {
		return err
	}
	if untrusted.signed.Height != trusted.signed.Height+1 {
		return trusted.vals.VerifyCommitLightTrustingAllSignatures(chainID, untrusted.signed.Commit, trustLevel)
	}
	return nil
}

func secondsOf(text string) (time.Duration, error) {
	var seconds int64
	if _, err := fmt.Sscanf(text, "%d", &seconds); err != nil || seconds <= 0 {
		return 0, fmt.Errorf("not a number of seconds: %q", text)
	}
	return time.Duration(seconds) * time.Second, nil
}

// checkVectors runs every row and says where CometBFT and the expected verdict differ.
func checkVectors(path string) int {
	raw, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var vectors []vectorJSON
	if err := json.Unmarshal(raw, &vectors); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	passed, failed, refusals := 0, 0, 0
	for _, vector := range vectors {
		err := runVector(vector)
		accepted := err == nil
		if !vector.Expect.Accept {
			refusals++
		}
		if accepted == vector.Expect.Accept {
			passed++
			if os.Getenv("CHECKER_VERBOSE") != "" && err != nil {
				fmt.Printf("refused as expected: %s: %v\n", vector.Name, err)
			}
			continue
		}
		failed++
		verdict := "accepts"
		if !accepted {
			verdict = "refuses (" + err.Error() + ")"
		}
		fmt.Printf("DISAGREE %s: CometBFT %s, Polity's verifier expects accept=%v (%s)\n", vector.Name, verdict, vector.Expect.Accept, vector.Expect.Code)
	}
	fmt.Printf("light-client vectors: %d rows, %d refusals, CometBFT agrees on %d\n", len(vectors), refusals, passed)
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
