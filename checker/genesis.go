package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/cometbft/cometbft/crypto/ed25519"
	"github.com/cometbft/cometbft/types"
)

// A Cosmos SDK genesis's first validator set, made here independently of Polity's verifier: the
// document's own CometBFT validators when it lists any, else staking's exported state (last
// powers), else the gen_txs' MsgCreateValidator messages at the SDK's default power reduction.

var powerReduction = big.NewInt(1_000_000)

type anyKey struct {
	Type string `json:"@type"`
	Key  string `json:"key"`
}

type genesisDocJSON struct {
	Validators []json.RawMessage `json:"validators"`
	AppState   struct {
		Genutil struct {
			GenTxs []struct {
				Body struct {
					Messages []struct {
						Type             string `json:"@type"`
						ValidatorAddress string `json:"validator_address"`
						Pubkey           anyKey `json:"pubkey"`
						Value            struct {
							Denom  string `json:"denom"`
							Amount string `json:"amount"`
						} `json:"value"`
					} `json:"messages"`
				} `json:"body"`
			} `json:"gen_txs"`
		} `json:"genutil"`
		Staking struct {
			Params struct {
				BondDenom string `json:"bond_denom"`
			} `json:"params"`
			Validators []struct {
				OperatorAddress string `json:"operator_address"`
				ConsensusPubkey anyKey `json:"consensus_pubkey"`
			} `json:"validators"`
			LastValidatorPowers []struct {
				Address string `json:"address"`
				Power   string `json:"power"`
			} `json:"last_validator_powers"`
		} `json:"staking"`
	} `json:"app_state"`
}

func ed25519Validator(key anyKey, power int64) (*types.Validator, error) {
	if key.Type != "/cosmos.crypto.ed25519.PubKey" {
		return nil, fmt.Errorf("the consensus key is %s, not ed25519", key.Type)
	}
	raw, err := base64.StdEncoding.DecodeString(key.Key)
	if err != nil || len(raw) != ed25519.PubKeySize {
		return nil, fmt.Errorf("the ed25519 key is not 32 bytes of base64")
	}
	return types.NewValidator(ed25519.PubKey(raw), power), nil
}

func wholePower(text string) (int64, error) {
	value, ok := new(big.Int).SetString(text, 10)
	if !ok || value.Sign() < 0 || !value.IsInt64() {
		return 0, fmt.Errorf("not a power: %q", text)
	}
	return value.Int64(), nil
}

func genesisValidators(raw json.RawMessage) ([]*types.Validator, error) {
	var doc genesisDocJSON
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	if len(doc.Validators) > 0 {
		return decodeValidators(doc.Validators)
	}
	staking := doc.AppState.Staking
	var validators []*types.Validator
	if len(staking.LastValidatorPowers) > 0 {
		keys := map[string]anyKey{}
		for _, validator := range staking.Validators {
			keys[validator.OperatorAddress] = validator.ConsensusPubkey
		}
		for _, last := range staking.LastValidatorPowers {
			key, ok := keys[last.Address]
			if !ok {
				return nil, fmt.Errorf("no staking validator %s", last.Address)
			}
			power, err := wholePower(last.Power)
			if err != nil {
				return nil, err
			}
			validator, err := ed25519Validator(key, power)
			if err != nil {
				return nil, err
			}
			validators = append(validators, validator)
		}
		return validators, nil
	}
	bondDenom := staking.Params.BondDenom
	if bondDenom == "" {
		bondDenom = "stake"
	}
	for _, genTx := range doc.AppState.Genutil.GenTxs {
		for _, message := range genTx.Body.Messages {
			if message.Type != "/cosmos.staking.v1beta1.MsgCreateValidator" {
				continue
			}
			amount, ok := new(big.Int).SetString(message.Value.Amount, 10)
			if !ok || amount.Sign() < 0 {
				return nil, fmt.Errorf("self-delegation %q is not a whole number", message.Value.Amount)
			}
			if message.Value.Denom != bondDenom {
				return nil, fmt.Errorf("delegates %s, not the bond denom %s", message.Value.Denom, bondDenom)
			}
			power := new(big.Int).Quo(amount, powerReduction)
			if power.Sign() == 0 {
				continue
			}
			if !power.IsInt64() {
				return nil, fmt.Errorf("power %s past int64", power)
			}
			validator, err := ed25519Validator(message.Pubkey, power.Int64())
			if err != nil {
				return nil, err
			}
			validators = append(validators, validator)
		}
	}
	if len(validators) == 0 {
		return nil, fmt.Errorf("the genesis names no validators")
	}
	return validators, nil
}

// runGenesisDocument: the set made from the document must be the one the block's header names,
// and the block signed by it.
func runGenesisDocument(vector vectorJSON) error {
	validators, err := genesisValidators(vector.Genesis)
	if err != nil {
		return err
	}
	return checkFirstBlock(vector, validators)
}

// checkFirstBlock: a genesis's validators (in any order: CometBFT makes its set of them, sorted)
// are the set the first block's header names, and signed it.
func checkFirstBlock(vector vectorJSON, validators []*types.Validator) error {
	set, err := validatorSet(validators, false)
	if err != nil {
		return err
	}
	block, err := decodeLightBlock(*vector.Block)
	if err != nil {
		return err
	}
	if !bytes.Equal(set.Hash(), block.signed.ValidatorsHash) {
		return fmt.Errorf("header %d is not signed by the genesis validators", block.signed.Height)
	}
	return checkOwn(vector.ChainID, block)
}

// runWitness: the primary's header verified from the trusted one by CometBFT's light client, then
// the witness's header at that height: any other header is a conflict (Polity's rule).
func runWitness(vector vectorJSON) error {
	stepVector := vector
	stepVector.Untrusted = vector.Primary
	if err := runStep(stepVector); err != nil {
		return err
	}
	primary, err := decodeSignedHeader(*vector.Primary)
	if err != nil {
		return err
	}
	witness, err := decodeSignedHeader(*vector.Witness)
	if err != nil {
		return fmt.Errorf("witness: %w", err)
	}
	if witness.Height != primary.Height || !bytes.Equal(witness.Hash(), primary.Hash()) {
		return fmt.Errorf("conflicting headers at %d: %X and %X", primary.Height, primary.Hash(), witness.Hash())
	}
	return nil
}
