package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	cmtjson "github.com/cometbft/cometbft/libs/json"
	"github.com/cometbft/cometbft/types"
)

// The document's shape, judged before anything in it is believed (R1, R2): a bundle comes from
// anyone, so its depth is bounded before a decoder recurses into it, its integers are held to the
// protobuf types CometBFT signs them as, and no input may stop the checker without a verdict.

const maxDocumentDepth = 64

// depthProblem scans the raw bytes for arrays and objects nested deeper than the limit (R1).
// Brackets inside strings are text, not nesting, so strings (and their escapes) are skipped.
func depthProblem(raw []byte, limit int) error {
	depth, inString, escaped := 0, false, false
	for offset, char := range raw {
		if inString {
			switch {
			case escaped:
				escaped = false
			case char == '\\':
				escaped = true
			case char == '"':
				inString = false
			}
			continue
		}
		switch char {
		case '"':
			inString = true
		case '[', '{':
			depth++
			if depth > limit {
				return fmt.Errorf("R1: the document nests more than %d arrays and objects deep (at byte %d)", limit, offset)
			}
		case ']', '}':
			depth--
		}
	}
	return nil
}

// documentProblem names the rule a bundle that does not decode breaks: a value of the wrong type
// or out of its range in a claim is R3's, anywhere else R2's; text that is not JSON at all is
// neither, and said as it is.
func documentProblem(err error) error {
	var typeError *json.UnmarshalTypeError
	if errors.As(err, &typeError) {
		if strings.HasPrefix(typeError.Field, "claims") {
			return fmt.Errorf("R3: a claim is malformed: %w", err)
		}
		return fmt.Errorf("R2: the bundle is malformed: %w", err)
	}
	return fmt.Errorf("the bundle is not JSON: %w", err)
}

var decimal = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// decimalHeight reads a height as the format writes it: decimal digits, no sign, no leading zero,
// within int64 (R2). Claims are matched to facts by the height's text, so "+5" or "05" would
// otherwise name the same block twice.
func decimalHeight(text string) (int64, error) {
	height, err := strconv.ParseInt(text, 10, 64)
	if err != nil || !decimal.MatchString(text) {
		return 0, fmt.Errorf("R2: height %q is not a decimal string within int64", text)
	}
	return height, nil
}

// integersProblem decodes every header and commit the bundle carries, as CometBFT types (R2).
// CometBFT's codec refuses a fractional or out-of-range round and parts total; a block id flag is
// a byte to it, so flags past the protobuf enum's 0–3 are refused here. Headers below an
// auditor's root are never verified by signature, so this is the only place their commits are read.
func integersProblem(bundle bundleJSON) error {
	for index, block := range bundle.LightBlocks {
		var header types.Header
		if err := cmtjson.Unmarshal(block.SignedHeader.Header, &header); err != nil {
			return fmt.Errorf("R2: light block %d: header: %w", index, err)
		}
		var commit types.Commit
		if err := cmtjson.Unmarshal(block.SignedHeader.Commit, &commit); err != nil {
			return fmt.Errorf("R2: light block %d: commit: %w", index, err)
		}
		for signature, sig := range commit.Signatures {
			if sig.BlockIDFlag > types.BlockIDFlagNil {
				return fmt.Errorf("R2: light block %d: signature %d's block_id_flag %d is not 0–3", index, signature, sig.BlockIDFlag)
			}
		}
	}
	for index, raw := range bundle.LinkedHeaders {
		var header types.Header
		if err := cmtjson.Unmarshal(raw, &header); err != nil {
			return fmt.Errorf("R2: linked header %d: %w", index, err)
		}
	}
	return nil
}

// guarded runs a check and turns a panic into a verdict that says so: whatever a bundle holds,
// the checker answers with a verdict, never a crash (R2).
func guarded(check func() bundleVerdict) (verdict bundleVerdict) {
	defer func() {
		if recovered := recover(); recovered != nil {
			verdict = bundleVerdict{
				Failure:     fmt.Sprintf("R2: the bundle stopped the checker (%v): refused as malformed", recovered),
				Facts:       []bool{},
				Reasons:     []string{},
				UnmetClaims: []string{},
			}
		}
	}()
	return check()
}
