package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protowire"
)

// Which group a proposal belongs to, proven (C7), and the claims resting on it (C8, C9). A vote
// walk says who voted; who did not is only said against the members of the proposal's own group,
// so the bundle must prove that group from the proposal's record and its policy's, in the very
// state the walks were made in — else another group's members could stand in for them.

// protoField answers the last occurrence of field `number` in a protobuf message (the one
// protobuf's decoders keep), as bytes or as a varint by `want`. The same number under another
// wire type is an undecodable message, as it is to protobuf.
func protoField(message []byte, number protowire.Number, want protowire.Type) (value []byte, varint uint64, err error) {
	for len(message) > 0 {
		field, kind, length := protowire.ConsumeTag(message)
		if length < 0 {
			return nil, 0, protowire.ParseError(length)
		}
		message = message[length:]
		switch {
		case field == number && kind != want:
			return nil, 0, fmt.Errorf("field %d has wire type %d, not %d", number, kind, want)
		case field == number && kind == protowire.BytesType:
			value, length = protowire.ConsumeBytes(message)
		case field == number && kind == protowire.VarintType:
			varint, length = protowire.ConsumeVarint(message)
		default:
			length = protowire.ConsumeFieldValue(field, kind, message)
		}
		if length < 0 {
			return nil, 0, protowire.ParseError(length)
		}
		message = message[length:]
	}
	return value, varint, nil
}

func protoString(message []byte, number protowire.Number) (string, error) {
	value, _, err := protoField(message, number, protowire.BytesType)
	if err == nil && !utf8.Valid(value) {
		err = fmt.Errorf("field %d is not UTF-8", number)
	}
	return string(value), err
}

// storedRecord answers a record a held store fact proves present at the height.
func (proven evidence) storedRecord(key []byte, height string) ([]byte, error) {
	value, found := proven.storeValueAt("group", key, height)
	if !found {
		return nil, fmt.Errorf("no proven record %x at %s", key, height)
	}
	if value == nil {
		return nil, fmt.Errorf("record %x is proven absent at %s", key, height)
	}
	return base64.StdEncoding.DecodeString(*value)
}

// proposalGroup answers the group proposal #id belongs to in the state after `height` (C7): the
// proposal's record (3000‖id) names its policy P (cosmos.group.v1.Proposal, field 2), and P's
// record (2000‖len‖P) names its group (cosmos.group.v1.GroupPolicyInfo: field 1 the address, field
// 2 the group id), both proven at that height.
func proposalGroup(proven evidence, id uint64, height string) (uint64, error) {
	proposal, err := proven.storedRecord(idPrefix([]byte{0x30, 0x00}, id), height)
	if err != nil {
		return 0, err
	}
	policy, err := protoString(proposal, 2)
	if err != nil {
		return 0, fmt.Errorf("proposal #%d's record does not decode: %w", id, err)
	}
	policyBytes, err := addressBytes(policy)
	if err != nil {
		return 0, fmt.Errorf("proposal #%d's record names no policy: %w", id, err)
	}
	policyKey := append([]byte{0x20, 0x00, byte(len(policyBytes))}, policyBytes...)
	info, err := proven.storedRecord(policyKey, height)
	if err != nil {
		return 0, err
	}
	address, errAddress := protoString(info, 1)
	_, group, errGroup := protoField(info, 2, protowire.VarintType)
	if errAddress != nil || errGroup != nil {
		return 0, fmt.Errorf("policy %s's record does not decode", policy)
	}
	if address != policy {
		return 0, fmt.Errorf("the record proven under policy %s's key is of %s", policy, address)
	}
	if group == 0 {
		return 0, fmt.Errorf("policy %s's record names no group", policy)
	}
	return group, nil
}

// tallyBindingMet (C8): the proposal's votes (C1), its group (C7) and that group's members, all
// walked in the claim's state. Who did not vote and what the votes add up to are verify/'s
// reading of the values; here, that they rest on the right sets.
func tallyBindingMet(claim claimJSON, named string, proven evidence) error {
	id, err := idOf(named)
	if err != nil {
		return unmet("C8", claim, "%v", err)
	}
	if _, found := proven.walkAt("group", idPrefix([]byte{0x40, 0x00}, id), claim.Height); !found {
		return unmet("C8", claim, "no proven walk of its votes (C1)")
	}
	group, err := proposalGroup(proven, id, claim.Height)
	if err != nil {
		return unmet("C8", claim, "no proven record of which group proposal #%d belongs to (C7): %v", id, err)
	}
	if _, found := proven.walkAt("group", idPrefix([]byte{0x10, 0x00}, group), claim.Height); !found {
		return unmet("C8", claim, "no proven walk of group %d's members, the proposal's own group", group)
	}
	return nil
}

// voterRecordMet (C9): the proposals a voter's record counts are those with a held vote walk at
// some height up to the claim's, bound to their group there (C7), whose member walk there lists
// the voter; the record speaks of the latest of those states.
func voterRecordMet(claim claimJSON, named string, proven evidence) error {
	voter, err := addressBytes(named)
	if err != nil {
		return unmet("C9", claim, "%v", err)
	}
	height, _ := decimalHeight(claim.Height)
	counted := map[uint64]bool{}
	latest := int64(-1)
	for _, fact := range proven.facts {
		prefix, err := hex.DecodeString(fact.Prefix)
		at, errHeight := decimalHeight(fact.Height)
		if !fact.held || fact.Kind != "range" || fact.Store != "group" || err != nil || kindOfPrefix(prefix) != voteWalk || errHeight != nil || at > height {
			continue
		}
		id := binary.BigEndian.Uint64(prefix[2:])
		group, err := proposalGroup(proven, id, fact.Height)
		if err != nil {
			continue
		}
		memberTable := idPrefix([]byte{0x10, 0x00}, group)
		members, found := proven.walkAt("group", memberTable, fact.Height)
		if !found || !containsKey(members, append(append([]byte{}, memberTable...), voter...)) {
			continue
		}
		counted[id] = true
		latest = max(latest, at)
	}
	if len(counted) == 0 {
		return unmet("C9", claim, "no proposal counted: no held vote walk at or before %s whose proposal's own group (C7), walked in the same state, has %s as a member", claim.Height, named)
	}
	if latest != height {
		return unmet("C9", claim, "the latest proposal counted is in the state after block %d, not %s", latest, claim.Height)
	}
	if claim.Count != nil && *claim.Count != strconv.Itoa(len(counted)) {
		return unmet("C10", claim, "its count is %s, the proposals counted are %d", *claim.Count, len(counted))
	}
	return nil
}

func containsKey(keys [][]byte, key []byte) bool {
	for _, candidate := range keys {
		if bytes.Equal(candidate, key) {
			return true
		}
	}
	return false
}
