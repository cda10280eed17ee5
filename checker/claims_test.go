package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/cosmos/btcutil/bech32"
	"google.golang.org/protobuf/encoding/protowire"
)

// Claims are judged by the facts that held, whatever proved them: the facts here are made up, each
// with its verdict and (for walks) the keys it found, as checkBundle hands them over.

func bytesOf(length int, fill byte) []byte { return bytes.Repeat([]byte{fill}, length) }

func concat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func bech32Address(t *testing.T, raw []byte) string {
	t.Helper()
	address, err := bech32.EncodeFromBase256("cosmos", raw)
	if err != nil {
		t.Fatal(err)
	}
	return address
}

func walkFact(store string, prefix []byte, height string, suffixes ...[]byte) provenFact {
	keys := [][]byte{}
	for _, suffix := range suffixes {
		keys = append(keys, concat(prefix, suffix))
	}
	fact := factJSON{Kind: "range", Store: store, Prefix: hex.EncodeToString(prefix), Height: height}
	return provenFact{factJSON: fact, held: true, keys: keys}
}

// storeFact is a held store record; a nil value is a proven absence.
func storeFact(key []byte, height string, value []byte) provenFact {
	fact := factJSON{Kind: "store", Store: "group", Key: hex.EncodeToString(key), Height: height}
	if value != nil {
		encoded := base64.StdEncoding.EncodeToString(value)
		fact.Value = &encoded
	}
	return provenFact{factJSON: fact, held: true}
}

// proposalRecord is a cosmos.group.v1.Proposal with its id (field 1) and policy (field 2).
func proposalRecord(id uint64, policy string) []byte {
	record := protowire.AppendVarint(protowire.AppendTag(nil, 1, protowire.VarintType), id)
	return protowire.AppendString(protowire.AppendTag(record, 2, protowire.BytesType), policy)
}

// policyRecord is a cosmos.group.v1.GroupPolicyInfo with its address (1), group (2) and version (4).
func policyRecord(address string, group uint64) []byte {
	record := protowire.AppendString(protowire.AppendTag(nil, 1, protowire.BytesType), address)
	record = protowire.AppendVarint(protowire.AppendTag(record, 2, protowire.VarintType), group)
	return protowire.AppendVarint(protowire.AppendTag(record, 4, protowire.VarintType), 1)
}

func policyRecordKey(policy []byte) []byte {
	return concat([]byte{0x20, 0x00, byte(len(policy))}, policy)
}

func eightBytes(value uint64) []byte { return binary.BigEndian.AppendUint64(nil, value) }

var (
	voterA  = bytesOf(20, 0x11)
	voterB  = bytesOf(20, 0x12)
	silentC = bytesOf(20, 0x13)
	policyP = bytesOf(32, 0x22)
)

// groupChain: proposal #5 of policy P of group 3, its votes (A, B), the group's members (A, B, C),
// its policies, P's proposals and treasury, and the chain's proposal sequence, all at 120.
func groupChain(t *testing.T) []provenFact {
	policy := bech32Address(t, policyP)
	return []provenFact{
		walkFact("group", idPrefix([]byte{0x40, 0x00}, 5), "120", voterA, voterB),
		walkFact("group", idPrefix([]byte{0x10, 0x00}, 3), "120", voterA, voterB, silentC),
		walkFact("group", idPrefix([]byte{0x22}, 3), "120", concat([]byte{32}, policyP)),
		walkFact("group", addressPrefix(0x32, policyP), "120", eightBytes(4), eightBytes(5)),
		walkFact("bank", addressPrefix(0x02, policyP), "120", []byte("stake"), []byte("uatom")),
		storeFact([]byte{0x31, 0x01}, "120", eightBytes(5)),
		storeFact(idPrefix([]byte{0x30, 0x00}, 5), "120", proposalRecord(5, policy)),
		storeFact(policyRecordKey(policyP), "120", policyRecord(policy, 3)),
	}
}

type claimCase struct {
	name  string
	claim claimJSON
	edit  func(facts []provenFact) []provenFact
	// want: the start of the refusal, "" when the claim is met.
	want string
}

func runClaimCases(t *testing.T, cases []claimCase) {
	t.Helper()
	for _, tc := range cases {
		facts := groupChain(t)
		if tc.edit != nil {
			facts = tc.edit(facts)
		}
		err := claimProblem(tc.claim, evidence{facts: facts, bech32Prefix: "cosmos"})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused (%v), want met", tc.name, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%s: %v, want a refusal starting %q", tc.name, err, tc.want)
		}
	}
}

func text(value string) *string { return &value }

func claimOf(subject, state, height string) claimJSON {
	return claimJSON{Subject: subject, State: state, Height: height}
}

func counted(claim claimJSON, count string) claimJSON {
	claim.Count = &count
	return claim
}

func listing(claim claimJSON, items ...string) claimJSON {
	claim.Items = append([]string{}, items...)
	return claim
}

func dropping(index int) func([]provenFact) []provenFact {
	return func(facts []provenFact) []provenFact { return append(facts[:index:index], facts[index+1:]...) }
}

func unheld(index int) func([]provenFact) []provenFact {
	return func(facts []provenFact) []provenFact { facts[index].held = false; return facts }
}

func TestClaimShapeR3(t *testing.T) {
	votes := claimOf("proposal #5's votes", "complete", "120")
	runClaimCases(t, []claimCase{
		{"a claim the walks meet", votes, nil, ""},
		{"a state outside the format", claimOf("proposal #5's votes", "incomplete", "120"), nil, "R3: proposal #5's votes incomplete at 120: a claim's state is complete or reconciled"},
		{"an empty state", claimOf("proposal #5's votes", "", "120"), nil, "R3:"},
		{"a subject outside the format", claimOf("proposal #5's ballots", "complete", "120"), nil, "R3: proposal #5's ballots complete at 120: not a subject of C1–C9"},
		{"a C7 binding is no subject", claimOf("proposal #5's group", "complete", "120"), nil, "R3:"},
		{"votes claimed reconciled", claimOf("proposal #5's votes", "reconciled", "120"), nil, "R3:"},
		{"a final tally claimed complete", claimOf("proposal #5's final tally", "complete", "120"), nil, "R3: proposal #5's final tally complete at 120: what C8 defines is claimed reconciled, not complete"},
		{"a count with a leading zero", counted(votes, "02"), nil, "R3:"},
		{"a negative count", counted(votes, "-2"), nil, "R3:"},
		{"an empty count", counted(votes, ""), nil, "R3:"},
		{"a height with a leading zero", claimOf("proposal #5's votes", "complete", "0120"), nil, "R2:"},
		{"an empty height", claimOf("proposal #5's votes", "complete", ""), nil, "R2:"},
	})
}

func TestWalkClaimsC1toC5(t *testing.T) {
	policy := bech32Address(t, policyP)
	runClaimCases(t, []claimCase{
		{"C1 met", claimOf("proposal #5's votes", "complete", "120"), nil, ""},
		{"C1 at another height", claimOf("proposal #5's votes", "complete", "121"), nil, "C1: proposal #5's votes complete at 121: no proven walk of its votes"},
		{"C1 of another proposal", claimOf("proposal #6's votes", "complete", "120"), nil, "C1:"},
		{"C1 whose walk did not hold", claimOf("proposal #5's votes", "complete", "120"), unheld(0), "C1:"},
		{"C1 whose walk is in another store", claimOf("proposal #5's votes", "complete", "120"), func(facts []provenFact) []provenFact {
			facts[0].Store = "bank"
			return facts
		}, "C1:"},
		{"C1 of an id with a leading zero", claimOf("proposal #05's votes", "complete", "120"), nil, "C1:"},
		{"C1 of an id past uint64", claimOf("proposal #18446744073709551616's votes", "complete", "120"), nil, "C1:"},
		{"C1 by an upper-case prefix", claimOf("proposal #10's votes", "complete", "120"), func(facts []provenFact) []provenFact {
			fact := walkFact("group", idPrefix([]byte{0x40, 0x00}, 10), "120")
			fact.Prefix = strings.ToUpper(fact.Prefix)
			return append(facts, fact)
		}, ""},
		{"C2 met", claimOf("group 3's members", "complete", "120"), nil, ""},
		{"C2 of another group", claimOf("group 4's members", "complete", "120"), nil, "C2: group 4's members complete at 120: no proven walk of its members"},
		{"C3 met", claimOf("group 3's policies", "complete", "120"), nil, ""},
		{"C3 without its walk", claimOf("group 3's policies", "complete", "120"), dropping(2), "C3:"},
		{"C4 met", claimOf("policy "+policy+"'s proposals", "complete", "120"), nil, ""},
		{"C4 without its walk", claimOf("policy "+policy+"'s proposals", "complete", "120"), dropping(3), "C4:"},
		{"C4 of no address", claimOf("policy cosmos1nothing's proposals", "complete", "120"), nil, "C4:"},
		{"C5 met", claimOf("policy "+policy+"'s treasury", "complete", "120"), nil, ""},
		{"C5 walked in group", claimOf("policy "+policy+"'s treasury", "complete", "120"), func(facts []provenFact) []provenFact {
			facts[4].Store = "group"
			return facts
		}, "C5:"},
	})
}

func TestSequenceClaimC6(t *testing.T) {
	ids := claimOf("the chain's proposal ids", "complete", "120")
	runClaimCases(t, []claimCase{
		{"C6 met", ids, nil, ""},
		{"C6 with its last id", counted(ids, "5"), nil, ""},
		{"C6 in the subject verify/ wrote before the format", counted(claimOf("the chain's proposals", "complete", "120"), "5"), nil, "R3:"},
		{"C6 counting another id", counted(ids, "4"), nil, "C10: the chain's proposal ids complete at 120: its count is 4, the proven proposal sequence's last id is 5"},
		{"C6 without the sequence", ids, dropping(5), "C6: the chain's proposal ids complete at 120: no proven proposal sequence"},
		{"C6 at another height", claimOf("the chain's proposal ids", "complete", "119"), nil, "C6:"},
		{"C6 of a sequence that did not hold", ids, unheld(5), "C6:"},
		{"C6 before any proposal: the sequence proven absent", counted(ids, "0"), func(facts []provenFact) []provenFact {
			facts[5] = storeFact([]byte{0x31, 0x01}, "120", nil)
			return facts
		}, ""},
		{"C6 of a sequence that is not 8 bytes", ids, func(facts []provenFact) []provenFact {
			facts[5] = storeFact([]byte{0x31, 0x01}, "120", []byte{5})
			return facts
		}, "C6:"},
		{"C6 of another store's 3101", ids, func(facts []provenFact) []provenFact {
			facts[5].Store = "bank"
			return facts
		}, "C6:"},
	})
}

func TestCountsAndItemsC10(t *testing.T) {
	policy := bech32Address(t, policyP)
	votes := claimOf("proposal #5's votes", "complete", "120")
	a, b, c := bech32Address(t, voterA), bech32Address(t, voterB), bech32Address(t, silentC)
	runClaimCases(t, []claimCase{
		{"C1 count met", counted(votes, "2"), nil, ""},
		{"C1 count one too many", counted(votes, "3"), nil, "C10: proposal #5's votes complete at 120: its count is 3, the proven walk holds 2"},
		{"C1 items in the walk's order", listing(votes, a, b), nil, ""},
		{"C1 items in another order than the walk's", listing(votes, b, a), nil, "C10:"},
		{"C1 items one short", listing(votes, a), nil, "C10: proposal #5's votes complete at 120: its items are ["},
		{"C1 items with a stranger", listing(votes, a, c), nil, "C10:"},
		{"C1 items with one twice", listing(votes, a, a), nil, "C10:"},
		{"C1 no items of a walk that found some", listing(votes), nil, "C10:"},
		{"C2 count met", counted(claimOf("group 3's members", "complete", "120"), "3"), nil, ""},
		{"C2 count short", counted(claimOf("group 3's members", "complete", "120"), "2"), nil, "C10:"},
		{"C2 items met", listing(claimOf("group 3's members", "complete", "120"), a, b, c), nil, ""},
		{"C3 items met", listing(claimOf("group 3's policies", "complete", "120"), policy), nil, ""},
		{"C3 items of another address", listing(claimOf("group 3's policies", "complete", "120"), a), nil, "C10:"},
		{"C3 count short", counted(claimOf("group 3's policies", "complete", "120"), "0"), nil, "C10:"},
		{"C4 items met", listing(claimOf("policy "+policy+"'s proposals", "complete", "120"), "4", "5"), nil, ""},
		{"C4 items of another id", listing(claimOf("policy "+policy+"'s proposals", "complete", "120"), "4", "6"), nil, "C10:"},
		{"C4 count short", counted(claimOf("policy "+policy+"'s proposals", "complete", "120"), "1"), nil, "C10:"},
		{"C5 items met", listing(claimOf("policy "+policy+"'s treasury", "complete", "120"), "stake", "uatom"), nil, ""},
		{"C5 items of another denom", listing(claimOf("policy "+policy+"'s treasury", "complete", "120"), "stake", "uosmo"), nil, "C10:"},
		{"C5 count met", counted(claimOf("policy "+policy+"'s treasury", "complete", "120"), "2"), nil, ""},
		{"C5 count over", counted(claimOf("policy "+policy+"'s treasury", "complete", "120"), "3"), nil, "C10:"},
	})
	// Addresses cannot be read without the bundle's bech32 prefix: the items are then unmet, never guessed.
	err := claimProblem(listing(votes, a, b), evidence{facts: groupChain(t)})
	if err == nil || !strings.HasPrefix(err.Error(), "C10:") {
		t.Errorf("items without a bech32 prefix: %v, want a C10 refusal", err)
	}
}
