package main

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// What a bundle claims complete or reconciled, held to the facts that proved (C1–C10): a claim
// names a set in the state after one block and is met only by facts that held at exactly that
// block. A claim of a state or subject the format does not define is refused (R3): a verifier
// that passed what it cannot read would let a relay claim anything.

type claimJSON struct {
	Subject string   `json:"subject"`
	State   string   `json:"state"`
	Height  string   `json:"height"`
	Count   *string  `json:"count"`
	Items   []string `json:"items"`
}

// claimRule is one subject the format defines: the state it is claimed in and what meets it.
// `named` is what the subject names (a proposal or group id, an address).
type claimRule struct {
	rule    string
	subject *regexp.Regexp
	state   string
	met     func(claim claimJSON, named string, proven evidence) error
}

var claimRules = []claimRule{
	{"C1", regexp.MustCompile(`^proposal #(\d+)'s votes$`), "complete", idWalkMet("C1", voteWalk, []byte{0x40, 0x00}, "its votes")},
	{"C2", regexp.MustCompile(`^group (\d+)'s members$`), "complete", idWalkMet("C2", memberWalk, []byte{0x10, 0x00}, "its members")},
	{"C3", regexp.MustCompile(`^group (\d+)'s policies$`), "complete", idWalkMet("C3", policyWalk, []byte{0x22}, "its policies-by-group index")},
	{"C4", regexp.MustCompile(`^policy (\S+)'s proposals$`), "complete", addressWalkMet("C4", policyProposalWalk, 0x32, "its proposals-by-policy index")},
	{"C5", regexp.MustCompile(`^policy (\S+)'s treasury$`), "complete", addressWalkMet("C5", balanceWalk, 0x02, "its balances")},
	{"C6", regexp.MustCompile(`^the chain's proposal ids$`), "complete", sequenceMet},
	{"C8", regexp.MustCompile(`^proposal #(\d+)'s non-voters$`), "complete", tallyBindingMet},
	{"C8", regexp.MustCompile(`^proposal #(\d+)'s final tally$`), "reconciled", tallyBindingMet},
	{"C9", regexp.MustCompile(`^(\S+)'s record$`), "complete", voterRecordMet},
}

// unmet words a refusal: the rule, the claim as the bundle states it, then why.
func unmet(rule string, claim claimJSON, detail string, args ...any) error {
	return errors.New(rule + ": " + claim.Subject + " " + claim.State + " at " + claim.Height + ": " + fmt.Sprintf(detail, args...))
}

// idOf reads an id as a subject writes it: decimal, within uint64, without leading zeros (else
// "#05" and "#5" would be two claims of one set).
func idOf(text string) (uint64, error) {
	id, err := strconv.ParseUint(text, 10, 64)
	if err != nil || strconv.FormatUint(id, 10) != text {
		return 0, fmt.Errorf("%s is not an id", text)
	}
	return id, nil
}

func idWalkMet(rule string, kind walkKind, table []byte, what string) func(claimJSON, string, evidence) error {
	return func(claim claimJSON, named string, proven evidence) error {
		id, err := idOf(named)
		if err != nil {
			return unmet(rule, claim, "%v", err)
		}
		return walkMet(rule, claim, kind, idPrefix(table, id), what, proven)
	}
}

func addressWalkMet(rule string, kind walkKind, table byte, what string) func(claimJSON, string, evidence) error {
	return func(claim claimJSON, named string, proven evidence) error {
		address, err := addressBytes(named)
		if err != nil {
			return unmet(rule, claim, "%v", err)
		}
		return walkMet(rule, claim, kind, addressPrefix(table, address), what, proven)
	}
}

// walkMet: a held walk of exactly the set's prefix at the claim's height, holding what the claim
// counts and lists (C10). Items are listed in the walk's (the store's) order, as verify/ lists
// them: one order, so a list is compared item by item and a repeated or missing one shows.
func walkMet(rule string, claim claimJSON, kind walkKind, prefix []byte, what string, proven evidence) error {
	keys, found := proven.walkAt(storeOfWalk[kind], prefix, claim.Height)
	if !found {
		return unmet(rule, claim, "no proven walk of %s", what)
	}
	if claim.Count != nil && *claim.Count != strconv.Itoa(len(keys)) {
		return unmet("C10", claim, "its count is %s, the proven walk holds %d", *claim.Count, len(keys))
	}
	if claim.Items == nil {
		return nil
	}
	items, err := itemsOfWalk(kind, prefix, keys, proven.bech32Prefix)
	if err != nil {
		return unmet("C10", claim, "its items cannot be read from the proven walk: %v", err)
	}
	if !slices.Equal(claim.Items, items) {
		return unmet("C10", claim, "its items are [%s], the proven walk holds [%s]", strings.Join(claim.Items, " "), strings.Join(items, " "))
	}
	return nil
}

// sequenceMet (C6): x/group's proposal sequence proven at the height; its value is the last id
// handed out (8 bytes, big-endian), and "0" while it is absent (no proposal yet).
func sequenceMet(claim claimJSON, _ string, proven evidence) error {
	value, found := proven.storeValueAt("group", []byte{0x31, 0x01}, claim.Height)
	if !found {
		return unmet("C6", claim, "no proven proposal sequence (key 3101 in store group)")
	}
	last := "0"
	if value != nil {
		raw, err := base64.StdEncoding.DecodeString(*value)
		if err != nil || len(raw) != 8 {
			return unmet("C6", claim, "the proven proposal sequence is not an 8-byte id")
		}
		last = strconv.FormatUint(binary.BigEndian.Uint64(raw), 10)
	}
	if claim.Count != nil && *claim.Count != last {
		return unmet("C10", claim, "its count is %s, the proven proposal sequence's last id is %s", *claim.Count, last)
	}
	return nil
}

// claimProblem answers why the facts that held do not meet a claim, or nil.
func claimProblem(claim claimJSON, proven evidence) error {
	if claim.State != "complete" && claim.State != "reconciled" {
		return unmet("R3", claim, "a claim's state is complete or reconciled")
	}
	if _, err := decimalHeight(claim.Height); err != nil {
		return unmet("R2", claim, "its height is not a decimal string within int64")
	}
	if claim.Count != nil && !decimal.MatchString(*claim.Count) {
		return unmet("R3", claim, "its count %q is not a decimal string", *claim.Count)
	}
	for _, rule := range claimRules {
		match := rule.subject.FindStringSubmatch(claim.Subject)
		if match == nil {
			continue
		}
		if claim.State != rule.state {
			return unmet("R3", claim, "what %s defines is claimed %s, not %s", rule.rule, rule.state, claim.State)
		}
		named := ""
		if len(match) > 1 {
			named = match[1]
		}
		return rule.met(claim, named, proven)
	}
	return unmet("R3", claim, "not a subject of C1–C9")
}

// unmetClaims lists the claims the bundle's held facts do not meet, each naming its rule.
func unmetClaims(claims []claimJSON, proven evidence) []string {
	refused := []string{}
	for _, claim := range claims {
		if err := claimProblem(claim, proven); err != nil {
			refused = append(refused, err.Error())
		}
	}
	return refused
}
