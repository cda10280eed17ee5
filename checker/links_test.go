package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// twoHeadersBundle: one (unsigned) light block at height 5, and a linked header also at 5.
func twoHeadersBundle(t *testing.T, signedAppHash, linkedAppHash byte) []byte {
	signed := testHeader(5, signedAppHash)
	linked := testHeader(5, linkedAppHash)
	raw := fmt.Sprintf(`{"chain_id":"polity-test","trust_root":{"kind":"header","height":"5","hash":""},`+
		`"light_blocks":[{"signed_header":{"header":%s,"commit":%s},"validator_set":[]}],`+
		`"linked_headers":[%s],"facts":[],"claims":[]}`,
		marshalled(t, signed), marshalled(t, testCommit(5)), marshalled(t, linked))
	return []byte(raw)
}

func TestOneHeaderPerHeightT4(t *testing.T) {
	signed, linked := testHeader(5, 1), testHeader(5, 2)
	verdict := documentVerdict(twoHeadersBundle(t, 1, 2), options{})
	if verdict.ChainOK || !strings.HasPrefix(verdict.Failure, "T4:") {
		t.Fatalf("verdict %+v, want a T4 failure", verdict)
	}
	for _, hash := range []string{fmt.Sprintf("%X", signed.Hash()), fmt.Sprintf("%X", linked.Hash())} {
		if !strings.Contains(verdict.Failure, hash) {
			t.Errorf("%q does not name hash %s", verdict.Failure, hash)
		}
	}
	// The same header twice is no conflict: the bundle fails later, unsigned, and not by T4.
	if same := documentVerdict(twoHeadersBundle(t, 1, 1), options{}); strings.HasPrefix(same.Failure, "T4:") {
		t.Errorf("one header written twice is refused as two: %s", same.Failure)
	}
}

// A bundle's facts and claims as checkBundle wires them: a walk W2 refuses does not hold, and a
// claim resting on it is unmet, whatever the headers.
func TestRefusedWalkLeavesItsClaimUnmet(t *testing.T) {
	bundle := map[string]any{
		"chain_id":      "polity-test",
		"bech32_prefix": "cosmos",
		"facts": []map[string]any{
			{"kind": "range", "height": "120", "store": "bank", "prefix": "40000000000000000005", "neighbours": []string{}},
		},
		"claims": []map[string]any{{"subject": "proposal #5's votes", "state": "complete", "height": "120"}},
	}
	raw, err := json.Marshal(bundle)
	if err != nil {
		t.Fatal(err)
	}
	verdict := documentVerdict(raw, options{})
	if len(verdict.Facts) != 1 || verdict.Facts[0] || !strings.HasPrefix(verdict.Reasons[0], "W2: 40000000000000000005 walks a proposal's votes, which are in store group, not \"bank\"") {
		t.Errorf("facts %v, reasons %q: want the walk refused by W2", verdict.Facts, verdict.Reasons)
	}
	want := "C1: proposal #5's votes complete at 120: no proven walk of its votes"
	if verdict.ClaimsOK || len(verdict.UnmetClaims) != 1 || verdict.UnmetClaims[0] != want {
		t.Errorf("unmet claims %q, want [%q]", verdict.UnmetClaims, want)
	}
}
