package main

import (
	"strings"
	"testing"
	"time"

	cmtjson "github.com/cometbft/cometbft/libs/json"
	"github.com/cometbft/cometbft/types"
)

// Bundles built here are never signed: every refusal tested below comes before any signature is read.

func nested(depth int, inner string) string {
	return strings.Repeat("[", depth) + inner + strings.Repeat("]", depth)
}

func TestDepthProblemR1(t *testing.T) {
	cases := []struct {
		name    string
		raw     string
		refused bool
	}{
		{"64 deep is allowed", nested(64, ""), false},
		{"65 deep is refused", nested(65, ""), true},
		{"objects count as arrays do", strings.Repeat(`{"a":`, 65) + "1" + strings.Repeat("}", 65), true},
		{"brackets inside a string are text", `{"a":"` + strings.Repeat("[", 100) + `"}`, false},
		{"an escaped quote does not end the string", `{"a":"\"` + strings.Repeat("{", 100) + `"}`, false},
		{"an escaped backslash does end it", `["\\"` + nested(64, "") + `]`, true},
		{"closing brackets give depth back", nested(60, "") + nested(60, ""), false},
	}
	for _, tc := range cases {
		err := depthProblem([]byte(tc.raw), maxDocumentDepth)
		if (err != nil) != tc.refused {
			t.Errorf("%s: refused=%v, want %v (%v)", tc.name, err != nil, tc.refused, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "R1:") {
			t.Errorf("%s: %q does not name R1", tc.name, err)
		}
	}
}

func TestDocumentVerdictRefusesDepthBeforeParsing(t *testing.T) {
	// Valid JSON, deep only where the bundle has no field: the decoder alone would accept it.
	raw := `{"chain_id":"c","extra":` + nested(70, "") + `}`
	verdict := documentVerdict([]byte(raw), options{})
	if verdict.ChainOK || !strings.HasPrefix(verdict.Failure, "R1:") {
		t.Fatalf("verdict %+v, want chain_ok false and an R1 failure", verdict)
	}
}

func testHeader(height int64, appHash byte) types.Header {
	return types.Header{
		ChainID:        "polity-test",
		Height:         height,
		Time:           time.Unix(1_700_000_000, 0).UTC(),
		ValidatorsHash: make([]byte, 32),
		AppHash:        []byte{appHash},
	}
}

func testCommit(height int64) types.Commit {
	zero := make([]byte, 32)
	return types.Commit{
		Height:     height,
		BlockID:    types.BlockID{Hash: zero, PartSetHeader: types.PartSetHeader{Total: 1, Hash: zero}},
		Signatures: []types.CommitSig{{BlockIDFlag: types.BlockIDFlagAbsent}},
	}
}

func marshalled(t *testing.T, value any) string {
	t.Helper()
	out, err := cmtjson.Marshal(value)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// lightBlockBundle is a bundle of one unsigned light block, its commit's JSON rewritten by `edit`.
func lightBlockBundle(t *testing.T, edit func(commit string) string) string {
	header := marshalled(t, testHeader(5, 1))
	commit := edit(marshalled(t, testCommit(5)))
	return `{"chain_id":"polity-test","trust_root":{"kind":"header","height":"5","hash":""},` +
		`"light_blocks":[{"signed_header":{"header":` + header + `,"commit":` + commit + `},"validator_set":[]}],` +
		`"linked_headers":[],"facts":[],"claims":[]}`
}

func TestIntegersR2(t *testing.T) {
	replace := func(old, new string) func(string) string {
		return func(commit string) string { return strings.Replace(commit, old, new, 1) }
	}
	cases := []struct {
		name string
		raw  string
	}{
		{"a fractional round", lightBlockBundle(t, replace(`"round":0`, `"round":1.5`))},
		{"a round past int32", lightBlockBundle(t, replace(`"round":0`, `"round":2147483648`))},
		{"a fractional parts total", lightBlockBundle(t, replace(`"total":1`, `"total":1.5`))},
		{"a negative parts total", lightBlockBundle(t, replace(`"total":1`, `"total":-1`))},
		{"a parts total past uint32", lightBlockBundle(t, replace(`"total":1`, `"total":4294967296`))},
		{"a block id flag past 3", lightBlockBundle(t, replace(`"block_id_flag":1`, `"block_id_flag":4`))},
		{"a block id flag past a byte", lightBlockBundle(t, replace(`"block_id_flag":1`, `"block_id_flag":256`))},
		{"a fractional result code", `{"facts":[{"kind":"tx","height":"5","result":{"code":1.5}}]}`},
		{"a negative result code", `{"facts":[{"kind":"tx","height":"5","result":{"code":-1}}]}`},
		{"a result code past uint32", `{"facts":[{"kind":"tx","height":"5","result":{"code":4294967296}}]}`},
	}
	for _, tc := range cases {
		verdict := documentVerdict([]byte(tc.raw), options{})
		if verdict.ChainOK || !strings.HasPrefix(verdict.Failure, "R2:") {
			t.Errorf("%s: verdict %+v, want chain_ok false and an R2 failure", tc.name, verdict)
		}
	}
	// The same bundle with its integers in range gets past R2 (and fails later, unsigned).
	verdict := documentVerdict([]byte(lightBlockBundle(t, func(commit string) string { return commit })), options{})
	if strings.HasPrefix(verdict.Failure, "R2:") {
		t.Errorf("a well-formed light block is refused as malformed: %s", verdict.Failure)
	}
}

func TestDecimalHeightR2(t *testing.T) {
	cases := map[string]bool{
		"0": true, "5": true, "9223372036854775807": true,
		"": false, "05": false, "+5": false, "-5": false, "1.5": false, "5 ": false, "9223372036854775808": false,
	}
	for text, accepted := range cases {
		if _, err := decimalHeight(text); (err == nil) != accepted {
			t.Errorf("decimalHeight(%q): accepted=%v, want %v", text, err == nil, accepted)
		}
	}
	// A fact at a height written any other way does not hold: claims match heights by their text.
	if _, err := factProblem(factJSON{Kind: "store", Height: "+5"}, nil); err == nil || !strings.HasPrefix(err.Error(), "R2:") {
		t.Errorf("a fact at height +5: %v, want an R2 refusal", err)
	}
}

func TestClaimOfWrongTypeR3(t *testing.T) {
	raw := `{"claims":[{"subject":"proposal #5's votes","state":"complete","height":"120","count":3}]}`
	verdict := documentVerdict([]byte(raw), options{})
	if verdict.ChainOK || !strings.HasPrefix(verdict.Failure, "R3:") {
		t.Fatalf("verdict %+v, want an R3 failure", verdict)
	}
}

func TestGuardedTurnsAPanicIntoAVerdict(t *testing.T) {
	verdict := guarded(func() bundleVerdict { panic("index out of range") })
	if verdict.ChainOK || !strings.Contains(verdict.Failure, "index out of range") || verdict.Facts == nil {
		t.Fatalf("verdict %+v, want a refusal saying what stopped the checker", verdict)
	}
}
