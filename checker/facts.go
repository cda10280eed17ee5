package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"

	abci "github.com/cometbft/cometbft/abci/types"
	"github.com/cometbft/cometbft/crypto/merkle"
	"github.com/cometbft/cometbft/types"
	ics23 "github.com/cosmos/ics23/go"
)

// One fact's proof against the proven headers: a transaction in block H (data_hash of H) that
// succeeded (last_results_hash of H+1), or a store record or its absence after block H (the
// app_hash of H+1), by ICS23: IAVL from the key to the module store's root, then the multistore
// from that root under the store's name to the app hash.

type pathJSON struct {
	Total string   `json:"total"`
	Index string   `json:"index"`
	Aunts []string `json:"aunts"`
}

type factJSON struct {
	Kind   string   `json:"kind"`
	Height string   `json:"height"`
	Tx     string   `json:"tx"`
	TxPath pathJSON `json:"tx_path"`
	Result struct {
		Code      uint32  `json:"code"`
		Data      *string `json:"data"`
		GasWanted string  `json:"gas_wanted"`
		GasUsed   string  `json:"gas_used"`
	} `json:"result"`
	ResultPath pathJSON      `json:"result_path"`
	Store      string        `json:"store"`
	Key        string        `json:"key"`
	Value      *string       `json:"value"`
	ProofOps   []proofOpJSON `json:"proof_ops"`
	Prefix     string        `json:"prefix"`
	Steps      []stepJSON    `json:"steps"`
	// A walk written by its neighbours (each key's existence proof, in order) and the store-root
	// proof every step shares: the steps are rebuilt from them (see range.go).
	Neighbours []*string    `json:"neighbours"`
	StoreRoot  *proofOpJSON `json:"store_root"`
}

type stepJSON struct {
	Key      string        `json:"key"`
	ProofOps []proofOpJSON `json:"proof_ops"`
}

type proofOpJSON struct {
	Type string `json:"type"`
	Key  string `json:"key"`
	Data string `json:"data"`
}

// factProblem answers why a fact's proof does not hold against the proven headers, or nil; a walk
// that holds also answers the keys it found, for the claims that rest on it.
func factProblem(fact factJSON, proven map[int64]*types.Header) ([][]byte, error) {
	height, err := decimalHeight(fact.Height)
	if err != nil {
		return nil, err
	}
	// A walk of a set W2 does not accept is refused as such, whatever else it lacks.
	if fact.Kind == "range" {
		if _, err := walkPrefix(fact); err != nil {
			return nil, err
		}
	}
	next := proven[height+1]
	if next == nil {
		return nil, fmt.Errorf("header %d is not proven", height+1)
	}
	if fact.Kind == "store" {
		return nil, storeProblem(fact, next.AppHash)
	}
	if fact.Kind == "range" {
		return rangeProblem(fact, next.AppHash)
	}
	return nil, txProblem(fact, proven[height], next)
}

// txProblem: the transaction in block H (data_hash of H) and its success (last_results_hash of H+1).
func txProblem(fact factJSON, block, next *types.Header) error {
	if block == nil {
		return fmt.Errorf("header %s is not proven", fact.Height)
	}
	tx, err := base64.StdEncoding.DecodeString(fact.Tx)
	if err != nil {
		return err
	}
	if err := pathProblem(fact.TxPath, block.DataHash, types.Tx(tx).Hash()); err != nil {
		return fmt.Errorf("transaction: %w", err)
	}
	// The result must sit where the transaction sits: else a failed one borrows a neighbour's success.
	if fact.TxPath.Index != fact.ResultPath.Index || fact.TxPath.Total != fact.ResultPath.Total {
		return fmt.Errorf("the result proven is of another transaction of the block")
	}
	data := []byte{}
	if fact.Result.Data != nil {
		if data, err = base64.StdEncoding.DecodeString(*fact.Result.Data); err != nil {
			return err
		}
	}
	wanted, errWanted := strconv.ParseInt(fact.Result.GasWanted, 10, 64)
	used, errUsed := strconv.ParseInt(fact.Result.GasUsed, 10, 64)
	if errWanted != nil || errUsed != nil {
		return fmt.Errorf("gas is not a number")
	}
	// The deterministic fields of the result, as last_results_hash commits to them.
	leaf, err := (&abci.ExecTxResult{Code: fact.Result.Code, Data: data, GasWanted: wanted, GasUsed: used}).Marshal()
	if err != nil {
		return err
	}
	if err := pathProblem(fact.ResultPath, next.LastResultsHash, leaf); err != nil {
		return fmt.Errorf("result: %w", err)
	}
	if fact.Result.Code != 0 {
		return fmt.Errorf("the transaction failed (code %d)", fact.Result.Code)
	}
	return nil
}

func pathProblem(path pathJSON, root []byte, leaf []byte) error {
	total, errTotal := strconv.ParseInt(path.Total, 10, 64)
	index, errIndex := strconv.ParseInt(path.Index, 10, 64)
	if errTotal != nil || errIndex != nil {
		return fmt.Errorf("path is not well formed")
	}
	aunts := make([][]byte, 0, len(path.Aunts))
	for _, aunt := range path.Aunts {
		decoded, err := base64.StdEncoding.DecodeString(aunt)
		if err != nil {
			return err
		}
		aunts = append(aunts, decoded)
	}
	leafHash := sha256.Sum256(append([]byte{0}, leaf...))
	proof := merkle.Proof{Total: total, Index: index, LeafHash: leafHash[:], Aunts: aunts}
	return proof.Verify(root, leaf)
}

func storeProblem(fact factJSON, appHash []byte) error {
	if len(fact.ProofOps) != 2 || fact.ProofOps[0].Type != "ics23:iavl" || fact.ProofOps[1].Type != "ics23:simple" {
		return fmt.Errorf("expected proofs ics23:iavl then ics23:simple")
	}
	key, err := hex.DecodeString(fact.Key)
	if err != nil {
		return err
	}
	var storeProof, rootProof ics23.CommitmentProof
	storeBytes, errStore := base64.StdEncoding.DecodeString(fact.ProofOps[0].Data)
	rootBytes, errRoot := base64.StdEncoding.DecodeString(fact.ProofOps[1].Data)
	if errStore != nil || errRoot != nil {
		return fmt.Errorf("a proof is not base64")
	}
	if err := storeProof.Unmarshal(storeBytes); err != nil {
		return err
	}
	if err := rootProof.Unmarshal(rootBytes); err != nil {
		return err
	}
	var storeRoot []byte
	if fact.Value != nil {
		value, err := base64.StdEncoding.DecodeString(*fact.Value)
		if err != nil {
			return err
		}
		exist := storeProof.GetExist()
		if exist == nil {
			return fmt.Errorf("the proof says the key is absent")
		}
		if storeRoot, err = exist.Calculate(); err != nil {
			return err
		}
		if !ics23.VerifyMembership(ics23.IavlSpec, storeRoot, &storeProof, key, value) {
			return fmt.Errorf("the key does not hold the value")
		}
	} else {
		absent := storeProof.GetNonexist()
		if absent == nil {
			return fmt.Errorf("the proof says the key exists")
		}
		if storeRoot, err = absenceRoot(absent, key); err != nil {
			return err
		}
	}
	if !ics23.VerifyMembership(ics23.TendermintSpec, appHash, &rootProof, []byte(fact.Store), storeRoot) {
		return fmt.Errorf("the %s store's root is not in the app hash", fact.Store)
	}
	return nil
}

// absenceRoot checks an absence in IAVL and answers the root it leads to. The ICS23 library
// refuses to hash a leaf whose value is empty, which IAVL hashes like any other (the value is
// prehashed) and which every x/group index entry is: such a neighbour is hashed here, the rest
// is the library's.
func absenceRoot(absent *ics23.NonExistenceProof, key []byte) ([]byte, error) {
	emptyValued := func(side *ics23.ExistenceProof) bool { return side != nil && len(side.Value) == 0 }
	if !emptyValued(absent.Left) && !emptyValued(absent.Right) {
		root, err := absent.Calculate()
		if err != nil {
			return nil, err
		}
		return root, absent.Verify(ics23.IavlSpec, root, key)
	}
	if absent.Left == nil || absent.Right == nil {
		return nil, fmt.Errorf("an absence at the edge of the store, next to an index entry, cannot be checked")
	}
	leftRoot, err := neighbourRoot(absent.Left)
	if err != nil {
		return nil, err
	}
	rightRoot, err := neighbourRoot(absent.Right)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(leftRoot, rightRoot) {
		return nil, fmt.Errorf("the neighbours lead to different roots")
	}
	if bytes.Compare(absent.Left.Key, key) >= 0 || bytes.Compare(key, absent.Right.Key) >= 0 {
		return nil, fmt.Errorf("the neighbours do not surround the key")
	}
	if !ics23.IsLeftNeighbor(ics23.IavlSpec.InnerSpec, absent.Left.Path, absent.Right.Path) {
		return nil, fmt.Errorf("the neighbours are not next to each other")
	}
	return leftRoot, nil
}

func neighbourRoot(side *ics23.ExistenceProof) ([]byte, error) {
	if len(side.Value) > 0 {
		return side.Calculate()
	}
	if err := side.CheckAgainstSpec(ics23.IavlSpec); err != nil {
		return nil, err
	}
	valueHash := sha256.Sum256(nil)
	preimage := append([]byte{}, side.Leaf.Prefix...)
	preimage = append(preimage, encodeLength(len(side.Key))...)
	preimage = append(preimage, side.Key...)
	preimage = append(preimage, encodeLength(len(valueHash))...)
	preimage = append(preimage, valueHash[:]...)
	hash := sha256.Sum256(preimage)
	current := hash[:]
	for _, step := range side.Path {
		next, err := step.Apply(current)
		if err != nil {
			return nil, err
		}
		current = next
	}
	return current, nil
}

func encodeLength(length int) []byte {
	out := []byte{}
	for value := uint64(length); ; value >>= 7 {
		if value < 0x80 {
			return append(out, byte(value))
		}
		out = append(out, byte(value&0x7f|0x80))
	}
}
