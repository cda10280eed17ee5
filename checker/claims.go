package main

import (
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/cosmos/btcutil/bech32"
)

// What a bundle claims complete, held to the facts that proved: each claim names a set (a
// proposal's votes, a group's members …) in the state after a block, and the bundle must hold a
// proven walk of that set's prefix in x/group's store at that block. The arithmetic a claim
// "reconciled" also rests on (votes at members' weights against the final tally) is Polity's
// reading of the proven bytes, left to verify/; here it must at least rest on both walks.

type claimJSON struct {
	Subject string `json:"subject"`
	State   string `json:"state"`
	Height  string `json:"height"`
}

var (
	proposalVotes   = regexp.MustCompile(`^proposal #(\d+)'s votes$`)
	proposalTallied = regexp.MustCompile(`^proposal #(\d+)'s (non-voters|final tally)$`)
	groupMembers    = regexp.MustCompile(`^group (\d+)'s members$`)
	groupPolicies   = regexp.MustCompile(`^group (\d+)'s policies$`)
	policyProposals = regexp.MustCompile(`^policy (\S+)'s proposals$`)
	voterRecord     = regexp.MustCompile(`^(\S+)'s record$`)
)

// x/group's keys: a table's prefix, then the id (8 bytes, big-endian) or a length-prefixed address.
func idKey(prefix string, id string) (string, error) {
	number, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return "", fmt.Errorf("%q is not an id", id)
	}
	return fmt.Sprintf("%s%016x", prefix, number), nil
}

func policyProposalsPrefix(address string) (string, error) {
	_, data, err := bech32.Decode(address, 1023)
	if err != nil {
		return "", err
	}
	raw, err := bech32.ConvertBits(data, 5, 8, false)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("32%02x%s", len(raw), hex.EncodeToString(raw)), nil
}

// provenWalk says whether a fact that held walks a prefix accepted by `matches` at `height`.
func provenWalk(facts []factJSON, held []bool, height string, matches func(prefix string) bool) bool {
	for index, fact := range facts {
		if held[index] && fact.Kind == "range" && fact.Height == height && matches(strings.ToLower(fact.Prefix)) {
			return true
		}
	}
	return false
}

func exactly(prefix string) func(string) bool {
	return func(candidate string) bool { return candidate == prefix }
}

// anyOf matches a table's prefix followed by an 8-byte id: any proposal's votes, any group's members.
func anyOf(table string) func(string) bool {
	return func(candidate string) bool {
		return len(candidate) == len(table)+16 && strings.HasPrefix(candidate, table)
	}
}

// claimProblem answers why the facts that held do not show a claim, or nil.
func claimProblem(claim claimJSON, facts []factJSON, held []bool) error {
	walked := func(what string, matches func(string) bool) error {
		if provenWalk(facts, held, claim.Height, matches) {
			return nil
		}
		return fmt.Errorf("%s %s at %s: no proven walk of %s", claim.Subject, claim.State, claim.Height, what)
	}
	if match := proposalVotes.FindStringSubmatch(claim.Subject); match != nil {
		prefix, err := idKey("4000", match[1])
		if err != nil {
			return err
		}
		return walked("its votes", exactly(prefix))
	}
	if match := proposalTallied.FindStringSubmatch(claim.Subject); match != nil {
		prefix, err := idKey("4000", match[1])
		if err != nil {
			return err
		}
		if err := walked("its votes", exactly(prefix)); err != nil {
			return err
		}
		return walked("a group's members in the same state", anyOf("1000"))
	}
	if match := groupMembers.FindStringSubmatch(claim.Subject); match != nil {
		prefix, err := idKey("1000", match[1])
		if err != nil {
			return err
		}
		return walked("its members", exactly(prefix))
	}
	if match := groupPolicies.FindStringSubmatch(claim.Subject); match != nil {
		prefix, err := idKey("22", match[1])
		if err != nil {
			return err
		}
		return walked("its policies-by-group index", exactly(prefix))
	}
	if match := policyProposals.FindStringSubmatch(claim.Subject); match != nil {
		prefix, err := policyProposalsPrefix(match[1])
		if err != nil {
			return fmt.Errorf("%s: %w", claim.Subject, err)
		}
		return walked("its proposals-by-policy index", exactly(prefix))
	}
	if claim.Subject == "the chain's proposals" {
		for index, fact := range facts {
			if held[index] && fact.Kind == "store" && fact.Height == claim.Height && strings.EqualFold(fact.Key, "3101") {
				return nil
			}
		}
		return fmt.Errorf("the chain's proposals at %s: no proven proposal sequence", claim.Height)
	}
	if voterRecord.MatchString(claim.Subject) {
		return walked("a proposal's votes", anyOf("4000"))
	}
	return fmt.Errorf("%s: a claim this checker does not know", claim.Subject)
}

// unmetClaims lists what the bundle claims complete and its proven facts do not show.
func unmetClaims(claims []claimJSON, facts []factJSON, held []bool) []string {
	unmet := []string{}
	for _, claim := range claims {
		if err := claimProblem(claim, facts, held); err != nil {
			unmet = append(unmet, err.Error())
		}
	}
	return unmet
}
