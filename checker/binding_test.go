package main

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// The facts groupChain makes, by index: 0 votes of #5, 1 members of group 3, 6 proposal #5's
// record, 7 policy P's record.
const (
	votesOf5 = iota
	membersOf3
	proposalRecordOf5 = 6
	policyRecordOfP   = 7
)

func replacing(index int, fact provenFact) func([]provenFact) []provenFact {
	return func(facts []provenFact) []provenFact { facts[index] = fact; return facts }
}

func adding(extra ...provenFact) func([]provenFact) []provenFact {
	return func(facts []provenFact) []provenFact { return append(facts, extra...) }
}

func TestGroupBindingC7(t *testing.T) {
	policy := bech32Address(t, policyP)
	other := bech32Address(t, bytesOf(32, 0x33))
	wrongType := protowire.AppendVarint(protowire.AppendTag(nil, 2, protowire.VarintType), 9)
	cases := []struct {
		name string
		edit func([]provenFact) []provenFact
		want string // the start of the refusal, "" when bound to group 3
	}{
		{"bound", nil, ""},
		{"no proposal record", dropping(proposalRecordOf5), "no proven record 30000000000000000005 at 120"},
		{"the proposal record did not hold", unheld(proposalRecordOf5), "no proven record"},
		{"the proposal proven absent", replacing(proposalRecordOf5, storeFact(idPrefix([]byte{0x30, 0x00}, 5), "120", nil)), "record 30000000000000000005 is proven absent"},
		{"the proposal record at another height", replacing(proposalRecordOf5, storeFact(idPrefix([]byte{0x30, 0x00}, 5), "119", proposalRecord(5, policy))), "no proven record"},
		{"the proposal record in another store", func(facts []provenFact) []provenFact { facts[proposalRecordOf5].Store = "bank"; return facts }, "no proven record"},
		{"a proposal record that does not decode", replacing(proposalRecordOf5, storeFact(idPrefix([]byte{0x30, 0x00}, 5), "120", []byte{0x12, 0x40})), "proposal #5's record does not decode"},
		{"a policy of the wrong wire type", replacing(proposalRecordOf5, storeFact(idPrefix([]byte{0x30, 0x00}, 5), "120", wrongType)), "proposal #5's record does not decode"},
		{"a proposal naming no address", replacing(proposalRecordOf5, storeFact(idPrefix([]byte{0x30, 0x00}, 5), "120", proposalRecord(5, "not-an-address"))), "proposal #5's record names no policy"},
		{"no policy record", dropping(policyRecordOfP), "no proven record 2000" + "20"},
		{"the policy record at another height", replacing(policyRecordOfP, storeFact(policyRecordKey(policyP), "121", policyRecord(policy, 3))), "no proven record"},
		{"the policy proven absent", replacing(policyRecordOfP, storeFact(policyRecordKey(policyP), "120", nil)), "record 2000"},
		{"a policy record of another address", replacing(policyRecordOfP, storeFact(policyRecordKey(policyP), "120", policyRecord(other, 3))), "the record proven under policy"},
		{"a policy record naming no group", replacing(policyRecordOfP, storeFact(policyRecordKey(policyP), "120", policyRecord(policy, 0))), "policy " + policy + "'s record names no group"},
		{"a policy record that does not decode", replacing(policyRecordOfP, storeFact(policyRecordKey(policyP), "120", []byte{0x0a, 0x40})), "policy " + policy + "'s record does not decode"},
	}
	for _, tc := range cases {
		facts := groupChain(t)
		if tc.edit != nil {
			facts = tc.edit(facts)
		}
		group, err := proposalGroup(evidence{facts: facts, bech32Prefix: "cosmos"}, 5, "120")
		switch {
		case tc.want == "" && (err != nil || group != 3):
			t.Errorf("%s: group %d, %v; want group 3", tc.name, group, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%s: group %d, %v; want a refusal starting %q", tc.name, group, err, tc.want)
		}
	}
}

func TestProtoFieldTakesTheLastOccurrence(t *testing.T) {
	record := append(proposalRecord(5, "first"), proposalRecord(6, "second")...)
	if policy, err := protoString(record, 2); err != nil || policy != "second" {
		t.Fatalf("%q %v, want the last occurrence as protobuf decodes it", policy, err)
	}
}

func TestTallyBindingC8(t *testing.T) {
	nonVoters := claimOf("proposal #5's non-voters", "complete", "120")
	tally := claimOf("proposal #5's final tally", "reconciled", "120")
	policy := bech32Address(t, policyP)
	otherPolicy := bytesOf(32, 0x44)
	runClaimCases(t, []claimCase{
		{"C8 non-voters met", nonVoters, nil, ""},
		{"C8 final tally met", tally, nil, ""},
		{"C8 without the vote walk", nonVoters, dropping(votesOf5), "C8: proposal #5's non-voters complete at 120: no proven walk of its votes (C1)"},
		{"C8 without the proposal's group", nonVoters, dropping(proposalRecordOf5), "C8: proposal #5's non-voters complete at 120: no proven record of which group proposal #5 belongs to (C7)"},
		{"C8 final tally without its group", tally, dropping(policyRecordOfP), "C8: proposal #5's final tally reconciled at 120: no proven record of which group proposal #5 belongs to (C7)"},
		{"C8 without the members walk", nonVoters, dropping(membersOf3), "C8: proposal #5's non-voters complete at 120: no proven walk of group 3's members, the proposal's own group"},
		{"C8 with another group's members only", nonVoters, func(facts []provenFact) []provenFact {
			facts[membersOf3] = walkFact("group", idPrefix([]byte{0x10, 0x00}, 4), "120", voterA, voterB)
			return facts
		}, "C8: proposal #5's non-voters complete at 120: no proven walk of group 3's members"},
		{"C8 with the members walked in another state", nonVoters, func(facts []provenFact) []provenFact {
			facts[membersOf3].Height = "119"
			return facts
		}, "C8:"},
		{"C8 bound by a policy of another group", tally, func(facts []provenFact) []provenFact {
			facts[proposalRecordOf5] = storeFact(idPrefix([]byte{0x30, 0x00}, 5), "120", proposalRecord(5, bech32Address(t, otherPolicy)))
			return append(facts, storeFact(policyRecordKey(otherPolicy), "120", policyRecord(bech32Address(t, otherPolicy), 4)))
		}, "C8: proposal #5's final tally reconciled at 120: no proven walk of group 4's members"},
		{"C8 of the same records at another height", claimOf("proposal #5's non-voters", "complete", "121"), adding(
			walkFact("group", idPrefix([]byte{0x40, 0x00}, 5), "121", voterA),
			walkFact("group", idPrefix([]byte{0x10, 0x00}, 3), "121", voterA),
		), "C8: proposal #5's non-voters complete at 121: no proven record of which group proposal #5 belongs to (C7)"},
		{"C8 at another height, bound there too", claimOf("proposal #5's non-voters", "complete", "121"), adding(
			walkFact("group", idPrefix([]byte{0x40, 0x00}, 5), "121", voterA),
			walkFact("group", idPrefix([]byte{0x10, 0x00}, 3), "121", voterA),
			storeFact(idPrefix([]byte{0x30, 0x00}, 5), "121", proposalRecord(5, policy)),
			storeFact(policyRecordKey(policyP), "121", policyRecord(policy, 3)),
		), ""},
	})
}

// secondProposal: proposal #6 of the same policy, its votes and group 3's members walked at 100.
func secondProposal(t *testing.T, members ...[]byte) func([]provenFact) []provenFact {
	policy := bech32Address(t, policyP)
	return adding(
		walkFact("group", idPrefix([]byte{0x40, 0x00}, 6), "100", voterB),
		walkFact("group", idPrefix([]byte{0x10, 0x00}, 3), "100", members...),
		storeFact(idPrefix([]byte{0x30, 0x00}, 6), "100", proposalRecord(6, policy)),
		storeFact(policyRecordKey(policyP), "100", policyRecord(policy, 3)),
	)
}

func TestVoterRecordC9(t *testing.T) {
	a, c := bech32Address(t, voterA), bech32Address(t, silentC)
	record := func(address, height string) claimJSON { return claimOf(address+"'s record", "complete", height) }
	runClaimCases(t, []claimCase{
		{"C9 of a voter", record(a, "120"), nil, ""},
		{"C9 of a member who did not vote", counted(record(c, "120"), "1"), nil, ""},
		{"C9 counting one too many", counted(record(a, "120"), "2"), nil, "C10: " + a + "'s record complete at 120: its count is 2, the proposals counted are 1"},
		{"C9 of a stranger", record(bech32Address(t, bytesOf(20, 0x99)), "120"), nil, "C9:"},
		{"C9 of no address", record("cosmos1voter", "120"), nil, "C9: cosmos1voter's record complete at 120: cosmos1voter is not a bech32 address"},
		{"C9 later than its latest proposal", record(a, "130"), nil, "C9: " + a + "'s record complete at 130: the latest proposal counted is in the state after block 120, not 130"},
		{"C9 before any proposal it could count", record(a, "110"), nil, "C9: " + a + "'s record complete at 110: no proposal counted"},
		{"C9 without the proposal's group", record(a, "120"), dropping(proposalRecordOf5), "C9:"},
		{"C9 without the members walk", record(a, "120"), dropping(membersOf3), "C9:"},
		{"C9 with the vote walk not held", record(a, "120"), unheld(votesOf5), "C9:"},
		{"C9 in another group's members only", record(a, "120"), func(facts []provenFact) []provenFact {
			facts[membersOf3] = walkFact("group", idPrefix([]byte{0x10, 0x00}, 4), "120", voterA)
			return facts
		}, "C9:"},
		{"C9 over two proposals", counted(record(a, "120"), "2"), secondProposal(t, voterA, voterB), ""},
		{"C9 over two proposals, counting one", counted(record(a, "120"), "1"), secondProposal(t, voterA, voterB), "C10:"},
		{"C9 at the earlier of two", counted(record(a, "100"), "1"), secondProposal(t, voterA, voterB), ""},
		{"C9 where the voter joined later", counted(record(a, "120"), "1"), secondProposal(t, voterB), ""},
	})
}
