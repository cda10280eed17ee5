package main

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/cosmos/btcutil/bech32"
)

// The walks a bundle may prove (W2): a prefix names one set of x/group's or x/bank's records, and
// that set lives in one store. A walk of another prefix, or of the right prefix in another store,
// is refused before its proofs are read: a claim resting on it would rest on another set.

type walkKind int

const (
	voteWalk           walkKind = iota + 1 // 40 00 ‖ proposal id: the proposal's votes
	memberWalk                             // 10 00 ‖ group id: the group's members
	policyWalk                             // 22 ‖ group id: the group's policies
	policyProposalWalk                     // 32 ‖ length ‖ policy address: its stored proposals
	balanceWalk                            // 02 ‖ length ‖ account address: its balances
)

var storeOfWalk = map[walkKind]string{
	voteWalk: "group", memberWalk: "group", policyWalk: "group", policyProposalWalk: "group", balanceWalk: "bank",
}

var setOfWalk = map[walkKind]string{
	voteWalk: "a proposal's votes", memberWalk: "a group's members", policyWalk: "a group's policies",
	policyProposalWalk: "a policy's proposals", balanceWalk: "an account's balances",
}

// kindOfPrefix tells the set a prefix names by its shape alone, or 0 when it names none. An
// address's length byte must be the length of the address after it, else the walk would run
// over other addresses' records too.
func kindOfPrefix(prefix []byte) walkKind {
	addressed := len(prefix) >= 3 && int(prefix[1]) == len(prefix)-2
	switch {
	case len(prefix) == 10 && prefix[0] == 0x40 && prefix[1] == 0x00:
		return voteWalk
	case len(prefix) == 10 && prefix[0] == 0x10 && prefix[1] == 0x00:
		return memberWalk
	case len(prefix) == 9 && prefix[0] == 0x22:
		return policyWalk
	case addressed && prefix[0] == 0x32:
		return policyProposalWalk
	case addressed && prefix[0] == 0x02:
		return balanceWalk
	}
	return 0
}

func walkBindingProblem(store string, prefix []byte) error {
	kind := kindOfPrefix(prefix)
	if kind == 0 {
		return fmt.Errorf("W2: %x is not a prefix this checker walks (4000‖id, 1000‖id, 22‖id or 32‖length‖address in store group; 02‖length‖address in store bank)", prefix)
	}
	if store != storeOfWalk[kind] {
		return fmt.Errorf("W2: %x walks %s, which are in store %s, not %q", prefix, setOfWalk[kind], storeOfWalk[kind], store)
	}
	return nil
}

// provenFact is a fact of the bundle with the verdict on its proof, and the keys it found when it
// is a walk that held: what every claim is judged by.
type provenFact struct {
	factJSON
	held bool
	keys [][]byte
}

type evidence struct {
	facts        []provenFact
	bech32Prefix string
}

// walkAt answers the keys of a held walk of exactly `prefix` in `store` at `height`.
func (proven evidence) walkAt(store string, prefix []byte, height string) ([][]byte, bool) {
	for _, fact := range proven.facts {
		walked, err := hex.DecodeString(fact.Prefix)
		if fact.held && fact.Kind == "range" && fact.Store == store && fact.Height == height && err == nil && bytes.Equal(walked, prefix) {
			return fact.keys, true
		}
	}
	return nil, false
}

// storeValueAt answers a held store fact of `key` at `height`: its value, nil when it is proven
// absent.
func (proven evidence) storeValueAt(store string, key []byte, height string) (value *string, found bool) {
	for _, fact := range proven.facts {
		stored, err := hex.DecodeString(fact.Key)
		if fact.held && fact.Kind == "store" && fact.Store == store && fact.Height == height && err == nil && bytes.Equal(stored, key) {
			return fact.Value, true
		}
	}
	return nil, false
}

func idPrefix(table []byte, id uint64) []byte {
	return binary.BigEndian.AppendUint64(append([]byte{}, table...), id)
}

func addressPrefix(table byte, address []byte) []byte {
	return append([]byte{table, byte(len(address))}, address...)
}

// addressBytes decodes a bech32 address, whatever its prefix, to the bytes keys hold of it.
func addressBytes(address string) ([]byte, error) {
	_, data, err := bech32.Decode(address, 1023)
	if err != nil {
		return nil, fmt.Errorf("%s is not a bech32 address: %w", address, err)
	}
	raw, err := bech32.ConvertBits(data, 5, 8, false)
	if err != nil || len(raw) == 0 || len(raw) > 255 {
		return nil, fmt.Errorf("%s is not a bech32 address of 1 to 255 bytes", address)
	}
	return raw, nil
}

// itemsOfWalk reads what each key of a walk names, as a claim's items list them (C10): voters,
// members and policies by their bech32 address, proposals by their id, balances by their denom.
func itemsOfWalk(kind walkKind, prefix []byte, keys [][]byte, bech32Prefix string) ([]string, error) {
	items := make([]string, 0, len(keys))
	for _, key := range keys {
		if !bytes.HasPrefix(key, prefix) {
			return nil, fmt.Errorf("key %x is not under the walk's prefix", key)
		}
		rest := key[len(prefix):]
		var item string
		var err error
		switch kind {
		case voteWalk, memberWalk:
			item, err = bech32Of(bech32Prefix, rest)
		case policyWalk:
			// The policy's address follows its length byte.
			if len(rest) < 1 || int(rest[0]) != len(rest)-1 {
				return nil, fmt.Errorf("key %x holds no length-prefixed address", key)
			}
			item, err = bech32Of(bech32Prefix, rest[1:])
		case policyProposalWalk:
			if len(rest) != 8 {
				return nil, fmt.Errorf("key %x does not end in an 8-byte proposal id", key)
			}
			item = strconv.FormatUint(binary.BigEndian.Uint64(rest), 10)
		case balanceWalk:
			if !utf8.Valid(rest) {
				return nil, fmt.Errorf("key %x names no UTF-8 denom", key)
			}
			item = string(rest)
		}
		if err != nil {
			return nil, err
		}
		items = append(items, item)
	}
	return items, nil
}

func bech32Of(prefix string, raw []byte) (string, error) {
	if prefix == "" {
		return "", fmt.Errorf("the bundle names no bech32_prefix to write addresses in")
	}
	data, err := bech32.ConvertBits(raw, 8, 5, true)
	if err != nil {
		return "", err
	}
	return bech32.Encode(prefix, data)
}
