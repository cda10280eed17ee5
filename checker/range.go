package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	ics23 "github.com/cosmos/ics23/go"
)

// Every key under a prefix, proven: absence proofs walked from neighbour to neighbour — at the
// prefix itself, then just after each key found (the key and a zero byte) — until one names a key
// past the prefix, or none. Each absence is checked by ICS23 against the app hash; the walk must
// meet every neighbour it names.

func rangeProblem(fact factJSON, appHash []byte) error {
	prefix, err := hex.DecodeString(fact.Prefix)
	if err != nil || len(prefix) == 0 {
		return fmt.Errorf("the range has no prefix")
	}
	end := prefixEnd(prefix)
	expected := prefix
	var found []byte
	for index, step := range fact.Steps {
		key, err := hex.DecodeString(step.Key)
		if err != nil || !bytes.Equal(key, expected) {
			return fmt.Errorf("step %d is not the next one", index+1)
		}
		if err := storeProblem(factJSON{Store: fact.Store, Key: step.Key, ProofOps: step.ProofOps}, appHash); err != nil {
			return fmt.Errorf("step %d: %w", index+1, err)
		}
		data, err := base64.StdEncoding.DecodeString(step.ProofOps[0].Data)
		if err != nil {
			return err
		}
		var proof ics23.CommitmentProof
		if err := proof.Unmarshal(data); err != nil {
			return err
		}
		absent := proof.GetNonexist()
		if absent == nil {
			return fmt.Errorf("step %d holds no absence proof", index+1)
		}
		if found != nil && (absent.Left == nil || !bytes.Equal(absent.Left.Key, found)) {
			return fmt.Errorf("step %d: a key lies between", index+1)
		}
		right := absent.Right
		inRange := right != nil && bytes.HasPrefix(right.Key, prefix) && (end == nil || bytes.Compare(right.Key, end) < 0)
		if !inRange {
			if index != len(fact.Steps)-1 {
				return fmt.Errorf("step %d reaches the end of the range, yet more steps follow", index+1)
			}
			return nil
		}
		found = append([]byte{}, right.Key...)
		expected = append(append([]byte{}, right.Key...), 0)
	}
	return fmt.Errorf("the range is cut short")
}

func prefixEnd(prefix []byte) []byte {
	end := append([]byte{}, prefix...)
	for index := len(end) - 1; index >= 0; index-- {
		if end[index] < 0xff {
			end[index]++
			return end[:index+1]
		}
	}
	return nil
}
