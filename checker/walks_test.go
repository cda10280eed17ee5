package main

import (
	"strings"
	"testing"
)

func TestWalkStoreAndPrefixW2(t *testing.T) {
	address := strings.Repeat("ab", 20)
	cases := []struct {
		name     string
		store    string
		prefix   string
		accepted bool
	}{
		{"a proposal's votes", "group", "4000" + "0000000000000005", true},
		{"a group's members", "group", "1000" + "0000000000000003", true},
		{"a group's policies", "group", "22" + "0000000000000003", true},
		{"a policy's proposals", "group", "32" + "14" + address, true},
		{"an account's balances", "bank", "02" + "14" + address, true},
		{"upper-case hex", "group", "4000" + "000000000000000A", true},
		{"a one-byte address", "bank", "02" + "01" + "ff", true},

		{"votes in bank", "bank", "4000" + "0000000000000005", false},
		{"members in bank", "bank", "1000" + "0000000000000003", false},
		{"policies in upgrade", "upgrade", "22" + "0000000000000003", false},
		{"a policy's proposals in bank", "bank", "32" + "14" + address, false},
		{"balances in group", "group", "02" + "14" + address, false},
		{"a store named in another case", "Group", "4000" + "0000000000000005", false},

		{"the whole vote table", "group", "4000", false},
		{"a 7-byte proposal id", "group", "4000" + "00000000000005", false},
		{"a 9-byte proposal id", "group", "4000" + "000000000000000005", false},
		{"a vote prefix without its 00", "group", "40" + "0000000000000005", false},
		{"a 7-byte group id for members", "group", "1000" + "00000000000003", false},
		{"a 9-byte group id for policies", "group", "22" + "000000000000000003", false},
		{"a 7-byte group id for policies", "group", "22" + "00000000000003", false},
		{"a length byte one short", "group", "32" + "13" + address, false},
		{"a length byte one long", "bank", "02" + "15" + address, false},
		{"a length byte of zero", "bank", "02" + "00", false},
		{"an address-less prefix", "group", "32", false},
		{"a proposal record, not a set", "group", "3000" + "0000000000000005", false},
		{"a prefix of another table", "group", "11" + "0000000000000003", false},
	}
	for _, tc := range cases {
		_, err := rangeProblem(factJSON{Kind: "range", Store: tc.store, Prefix: tc.prefix, Height: "5"}, nil)
		refusedByW2 := err != nil && strings.HasPrefix(err.Error(), "W2:")
		if refusedByW2 == tc.accepted {
			t.Errorf("%s (%s, %s): %v; want accepted=%v", tc.name, tc.store, tc.prefix, err, tc.accepted)
		}
	}
	// A prefix of no set is refused as such, not as a set in the wrong store.
	_, err := rangeProblem(factJSON{Kind: "range", Store: "group", Prefix: "30000000000000000005", Height: "5"}, nil)
	want := "W2: 30000000000000000005 is not a prefix this checker walks"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("a proposal record's key as a prefix: %v, want %q", err, want)
	}
}

func TestItemsOfWalk(t *testing.T) {
	voter := bytesOf(20, 0x11)
	policy := bytesOf(32, 0x22)
	cases := []struct {
		name   string
		kind   walkKind
		prefix []byte
		keys   [][]byte
		want   []string
	}{
		{"voters", voteWalk, idPrefix([]byte{0x40, 0x00}, 5), [][]byte{concat(idPrefix([]byte{0x40, 0x00}, 5), voter)}, []string{bech32Address(t, voter)}},
		{"members", memberWalk, idPrefix([]byte{0x10, 0x00}, 3), [][]byte{concat(idPrefix([]byte{0x10, 0x00}, 3), voter)}, []string{bech32Address(t, voter)}},
		{"policies", policyWalk, idPrefix([]byte{0x22}, 3), [][]byte{concat(idPrefix([]byte{0x22}, 3), []byte{32}, policy)}, []string{bech32Address(t, policy)}},
		{"proposal ids", policyProposalWalk, addressPrefix(0x32, policy), [][]byte{idPrefix(addressPrefix(0x32, policy), 7), idPrefix(addressPrefix(0x32, policy), 12)}, []string{"7", "12"}},
		{"denoms", balanceWalk, addressPrefix(0x02, policy), [][]byte{concat(addressPrefix(0x02, policy), []byte("ibc/27A6"))}, []string{"ibc/27A6"}},
	}
	for _, tc := range cases {
		items, err := itemsOfWalk(tc.kind, tc.prefix, tc.keys, "cosmos")
		if err != nil || strings.Join(items, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: %v %v, want %v", tc.name, items, err, tc.want)
		}
	}
}
