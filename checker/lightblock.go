package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	cmtjson "github.com/cometbft/cometbft/libs/json"
	"github.com/cometbft/cometbft/types"
)

// A light block as Polity's bundles and vectors write it: CometBFT's RPC JSON for the header and
// commit, and the validator set as `/validators` lists it. Decoded by CometBFT's own JSON codec,
// so a number outside its Go type (a power or height past int64, a fractional round) is refused
// here, as CometBFT refuses it.
type lightBlockJSON struct {
	SignedHeader struct {
		Header json.RawMessage `json:"header"`
		Commit json.RawMessage `json:"commit"`
	} `json:"signed_header"`
	ValidatorSet []json.RawMessage `json:"validator_set"`
}

type lightBlock struct {
	signed *types.SignedHeader
	vals   *types.ValidatorSet
}

func decodeSignedHeader(raw lightBlockJSON) (*types.SignedHeader, error) {
	var header types.Header
	if err := cmtjson.Unmarshal(raw.SignedHeader.Header, &header); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	var commit types.Commit
	if err := cmtjson.Unmarshal(raw.SignedHeader.Commit, &commit); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
	}
	return &types.SignedHeader{Header: &header, Commit: &commit}, nil
}

func decodeValidators(raws []json.RawMessage) ([]*types.Validator, error) {
	validators := make([]*types.Validator, 0, len(raws))
	for index, raw := range raws {
		var validator types.Validator
		if err := cmtjson.Unmarshal(raw, &validator); err != nil {
			return nil, fmt.Errorf("validator %d: %w", index, err)
		}
		validators = append(validators, &validator)
	}
	return validators, nil
}

// validatorSet builds the set as CometBFT does (NewValidatorSet refuses duplicates, powers below
// 1 and totals above the maximum; it panics on them), checks each validator (its address is its
// key's), and — the order CometBFT's RPC always gives — that the list was in the set's order.
func validatorSet(validators []*types.Validator, keepOrder bool) (set *types.ValidatorSet, err error) {
	defer func() {
		if recovered := recover(); recovered != nil {
			set, err = nil, fmt.Errorf("validator set refused: %v", recovered)
		}
	}()
	if len(validators) == 0 {
		return nil, fmt.Errorf("empty validator set")
	}
	for index, validator := range validators {
		if err := validator.ValidateBasic(); err != nil {
			return nil, fmt.Errorf("validator %d: %w", index, err)
		}
	}
	copies := make([]*types.Validator, len(validators))
	for index, validator := range validators {
		copies[index] = validator.Copy()
	}
	set = types.NewValidatorSet(copies)
	if err := set.ValidateBasic(); err != nil {
		return nil, err
	}
	if keepOrder {
		for index, validator := range set.Validators {
			if !bytes.Equal(validator.Address, validators[index].Address) {
				return nil, fmt.Errorf("validator set not in CometBFT's order at %d", index)
			}
		}
	}
	return set, nil
}

func decodeLightBlock(raw lightBlockJSON) (*lightBlock, error) {
	signed, err := decodeSignedHeader(raw)
	if err != nil {
		return nil, err
	}
	validators, err := decodeValidators(raw.ValidatorSet)
	if err != nil {
		return nil, err
	}
	set, err := validatorSet(validators, true)
	if err != nil {
		return nil, err
	}
	return &lightBlock{signed: signed, vals: set}, nil
}

// checkOwn is a header on its own: well formed for the chain, signed by the set it names with
// more than 2/3 of its power — and, as Polity's verifier asks, every signature for the block valid.
func checkOwn(chainID string, block *lightBlock) error {
	if err := block.signed.ValidateBasic(chainID); err != nil {
		return err
	}
	if !bytes.Equal(block.signed.ValidatorsHash, block.vals.Hash()) {
		return fmt.Errorf("validator set does not hash to validators_hash")
	}
	return block.vals.VerifyCommitLightAllSignatures(chainID, block.signed.Commit.BlockID, block.signed.Height, block.signed.Commit)
}
