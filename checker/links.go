package main

import (
	"bytes"
	"fmt"
	"strconv"

	cmtjson "github.com/cometbft/cometbft/libs/json"
	"github.com/cometbft/cometbft/types"
)

// Headers proven by hash links, CometBFT's backwards verification: each by the hash the proven
// header above it names, down from the trusted ones.

// linkHeaders proves each linked header by the hash the proven header above it names (CometBFT's
// backwards verification), highest first.
func linkHeaders(bundle bundleJSON, below []*types.Header, floor int64, proven map[int64]*types.Header) error {
	headers := append(make([]*types.Header, 0, len(bundle.LinkedHeaders)+len(below)), below...)
	for _, raw := range bundle.LinkedHeaders {
		var header types.Header
		if err := cmtjson.Unmarshal(raw, &header); err != nil {
			return fmt.Errorf("linked header: %w", err)
		}
		if header.Height >= floor {
			headers = append(headers, &header)
		}
	}
	for len(headers) > 0 {
		highest := 0
		for index, header := range headers {
			if header.Height > headers[highest].Height {
				highest = index
			}
		}
		header := headers[highest]
		headers = append(headers[:highest], headers[highest+1:]...)
		above := proven[header.Height+1]
		if above == nil {
			return fmt.Errorf("no proven header above %d", header.Height)
		}
		if err := header.ValidateBasic(); err != nil {
			return err
		}
		// A header with no validators hash hashes to nothing, as the first block names no block
		// before it: neither is a link.
		hash := header.Hash()
		if hash == nil || len(above.LastBlockID.Hash) != 32 || !bytes.Equal(above.LastBlockID.Hash, hash) || header.ChainID != bundle.ChainID {
			return fmt.Errorf("header %d is not the one header %d names", header.Height, above.Height)
		}
		proven[header.Height] = header
	}
	return nil
}

// sameHeightProblem refuses two different headers at one height (T4): a linked header at a signed
// header's height must be that header. Two that differ are evidence of a fork or a forgery; each
// is in the bundle, so both hashes are named.
func sameHeightProblem(bundle bundleJSON) error {
	signed := map[int64][]byte{}
	for _, block := range bundle.LightBlocks {
		var header types.Header
		if err := cmtjson.Unmarshal(block.SignedHeader.Header, &header); err == nil {
			signed[header.Height] = header.Hash()
		}
	}
	for _, raw := range bundle.LinkedHeaders {
		var header types.Header
		if err := cmtjson.Unmarshal(raw, &header); err != nil {
			continue
		}
		signedHash, found := signed[header.Height]
		if linkedHash := header.Hash(); found && !bytes.Equal(linkedHash, signedHash) {
			return fmt.Errorf("T4: two headers at height %d: the signed header %X and the linked header %X", header.Height, signedHash, linkedHash)
		}
	}
	return nil
}

// linkFloor is the lowest height the bundle's headers link down to, one by one, from the auditor's
// header; a fact resting on a header below it cannot be proven from that root, and the check stops.
func linkFloor(bundle bundleJSON, from int64) (int64, error) {
	present := map[int64]bool{}
	for _, block := range bundle.LightBlocks {
		var header types.Header
		if err := cmtjson.Unmarshal(block.SignedHeader.Header, &header); err == nil {
			present[header.Height] = true
		}
	}
	for _, raw := range bundle.LinkedHeaders {
		var header types.Header
		if err := cmtjson.Unmarshal(raw, &header); err == nil {
			present[header.Height] = true
		}
	}
	floor := from
	for present[floor-1] {
		floor--
	}
	for _, fact := range bundle.Facts {
		height, err := strconv.ParseInt(fact.Height, 10, 64)
		if err != nil {
			continue
		}
		lowest := height + 1
		if fact.Kind == "tx" {
			lowest = height
		}
		if lowest < floor {
			return floor, fmt.Errorf("header %d, which a fact rests on, is not linked to the trusted header %d", lowest, from)
		}
	}
	return floor, nil
}
