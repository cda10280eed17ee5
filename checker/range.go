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
// meet every neighbour it names. Only the walks of W2's table are read at all (walks.go).

// rangeProblem answers the keys a walk found, in the store's order, or why it does not prove them
// all.
func rangeProblem(fact factJSON, appHash []byte) ([][]byte, error) {
	prefix, err := walkPrefix(fact)
	if err != nil {
		return nil, err
	}
	if fact.Steps != nil && (fact.Neighbours != nil || fact.StoreRoot != nil) {
		return nil, fmt.Errorf("a range is written by its steps or by its neighbours, not both")
	}
	if fact.Steps == nil && fact.Neighbours != nil {
		steps, err := stepsOfNeighbours(prefix, fact.Neighbours, fact.StoreRoot)
		if err != nil {
			return nil, err
		}
		fact.Steps = steps
	}
	end := prefixEnd(prefix)
	expected := prefix
	found := [][]byte{}
	for index, step := range fact.Steps {
		key, err := hex.DecodeString(step.Key)
		if err != nil || !bytes.Equal(key, expected) {
			return nil, fmt.Errorf("step %d is not the next one", index+1)
		}
		if err := storeProblem(factJSON{Store: fact.Store, Key: step.Key, ProofOps: step.ProofOps}, appHash); err != nil {
			return nil, fmt.Errorf("step %d: %w", index+1, err)
		}
		data, err := base64.StdEncoding.DecodeString(step.ProofOps[0].Data)
		if err != nil {
			return nil, err
		}
		var proof ics23.CommitmentProof
		if err := proof.Unmarshal(data); err != nil {
			return nil, err
		}
		absent := proof.GetNonexist()
		if absent == nil {
			return nil, fmt.Errorf("step %d holds no absence proof", index+1)
		}
		if len(found) > 0 && (absent.Left == nil || !bytes.Equal(absent.Left.Key, found[len(found)-1])) {
			return nil, fmt.Errorf("step %d: a key lies between", index+1)
		}
		right := absent.Right
		inRange := right != nil && bytes.HasPrefix(right.Key, prefix) && (end == nil || bytes.Compare(right.Key, end) < 0)
		if !inRange {
			if index != len(fact.Steps)-1 {
				return nil, fmt.Errorf("step %d reaches the end of the range, yet more steps follow", index+1)
			}
			return found, nil
		}
		found = append(found, append([]byte{}, right.Key...))
		expected = append(append([]byte{}, right.Key...), 0)
	}
	return nil, fmt.Errorf("the range is cut short")
}

// walkPrefix answers a walk's prefix when W2 accepts it in the walk's store.
func walkPrefix(fact factJSON) ([]byte, error) {
	prefix, err := hex.DecodeString(fact.Prefix)
	if err != nil || len(prefix) == 0 {
		return nil, fmt.Errorf("the range has no prefix")
	}
	return prefix, walkBindingProblem(fact.Store, prefix)
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

// stepsOfNeighbours rebuilds each step's absence proof from the keys either side of it, as
// CometBFT's stores would have written it: the neighbours' existence proofs, unchanged.
func stepsOfNeighbours(prefix []byte, neighbours []*string, storeRoot *proofOpJSON) ([]stepJSON, error) {
	if storeRoot == nil {
		return nil, fmt.Errorf("the range's neighbours come without the store's root proof")
	}
	proofs := make([]*ics23.ExistenceProof, len(neighbours))
	for index, neighbour := range neighbours {
		if neighbour == nil {
			continue
		}
		data, err := base64.StdEncoding.DecodeString(*neighbour)
		var proof ics23.ExistenceProof
		if err != nil || proof.Unmarshal(data) != nil {
			return nil, fmt.Errorf("neighbour %d is not an existence proof", index+1)
		}
		proofs[index] = &proof
	}
	steps := []stepJSON{}
	for index := 0; index+1 < len(proofs); index++ {
		key := prefix
		if index > 0 {
			if proofs[index] == nil {
				return nil, fmt.Errorf("neighbour %d is not an existence proof", index+1)
			}
			key = append(append([]byte{}, proofs[index].Key...), 0)
		}
		commitment := ics23.CommitmentProof{Proof: &ics23.CommitmentProof_Nonexist{
			Nonexist: &ics23.NonExistenceProof{Key: key, Left: proofs[index], Right: proofs[index+1]},
		}}
		data, err := commitment.Marshal()
		if err != nil {
			return nil, err
		}
		steps = append(steps, stepJSON{
			Key: hex.EncodeToString(key),
			ProofOps: []proofOpJSON{
				{Type: "ics23:iavl", Key: base64.StdEncoding.EncodeToString(key), Data: base64.StdEncoding.EncodeToString(data)},
				*storeRoot,
			},
		})
	}
	return steps, nil
}
