package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	cmtjson "github.com/cometbft/cometbft/libs/json"
	"github.com/cometbft/cometbft/light"
	"github.com/cometbft/cometbft/types"
)

// A proof bundle checked by CometBFT's light client: the trust root, each signed header from the
// one it names (light.Verify, by the checker's clock and trusting period, never the bundle's),
// headers below by hash link, then each fact's Merkle or ICS23 proof, and that every set the
// bundle claims complete was walked by a proof that held. Claims of what a record means are
// Polity's reading of the proven bytes and are left to verify/.

type bundleJSON struct {
	ChainID   string `json:"chain_id"`
	TrustRoot struct {
		Kind          string            `json:"kind"`
		Height        string            `json:"height"`
		Hash          string            `json:"hash"`
		InitialHeight string            `json:"initial_height"`
		Validators    []json.RawMessage `json:"validators"`
	} `json:"trust_root"`
	LightBlocks   []bundleLightBlock `json:"light_blocks"`
	LinkedHeaders []json.RawMessage  `json:"linked_headers"`
	Facts         []factJSON         `json:"facts"`
	Claims        []claimJSON        `json:"claims"`
}

type bundleLightBlock struct {
	lightBlockJSON
	VerifiedFrom *string `json:"verified_from"`
}

// bundleVerdict is what the checker prints: whether the chain of trust holds, where it breaks,
// and whether each fact's proof holds against the headers it proved.
type bundleVerdict struct {
	ChainOK bool     `json:"chain_ok"`
	Failure string   `json:"failure,omitempty"`
	Facts   []bool   `json:"facts"`
	Reasons []string `json:"reasons"`
	// ClaimsOK: every set the bundle claims complete has a proven walk (see claims.go).
	ClaimsOK    bool     `json:"claims_ok"`
	UnmetClaims []string `json:"unmet_claims"`
}

type options struct {
	now    time.Time
	period time.Duration
	trust  *struct {
		height int64
		hash   []byte
	}
}

func parseOptions(arguments []string) (options, error) {
	parsed := options{now: time.Now(), period: 14 * 24 * time.Hour}
	for index := 0; index < len(arguments); index++ {
		value := ""
		if index+1 < len(arguments) {
			value = arguments[index+1]
		}
		switch arguments[index] {
		case "--at":
			at, err := time.Parse(time.RFC3339Nano, value)
			if err != nil {
				return parsed, err
			}
			parsed.now = at
		case "--trusting-period":
			period, err := secondsOf(value)
			if err != nil {
				return parsed, err
			}
			parsed.period = period
		case "--trust":
			height, hash, found := strings.Cut(value, ":")
			number, err := strconv.ParseInt(height, 10, 64)
			decoded, hexErr := hex.DecodeString(hash)
			if !found || err != nil || hexErr != nil {
				return parsed, fmt.Errorf("--trust wants HEIGHT:HASH, got %q", value)
			}
			parsed.trust = &struct {
				height int64
				hash   []byte
			}{number, decoded}
		default:
			return parsed, fmt.Errorf("unknown option %q", arguments[index])
		}
		index++
	}
	return parsed, nil
}

func checkBundleFile(path string, arguments []string) int {
	parsed, err := parseOptions(arguments)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var bundle bundleJSON
	verdict := bundleVerdict{Facts: []bool{}, Reasons: []string{}, UnmetClaims: []string{}}
	if err := json.Unmarshal(raw, &bundle); err != nil {
		verdict.Failure = err.Error()
	} else {
		verdict = checkBundle(bundle, parsed)
	}
	out, _ := json.Marshal(verdict)
	fmt.Println(string(out))
	return 0
}

func checkBundle(bundle bundleJSON, parsed options) bundleVerdict {
	verdict := bundleVerdict{Facts: []bool{}, Reasons: []string{}}
	proven, err := chainOfTrust(bundle, parsed)
	if err != nil {
		verdict.Failure = err.Error()
	} else {
		verdict.ChainOK = true
	}
	for _, fact := range bundle.Facts {
		reason := factProblem(fact, proven)
		verdict.Facts = append(verdict.Facts, reason == nil)
		if reason != nil {
			verdict.Reasons = append(verdict.Reasons, reason.Error())
		} else {
			verdict.Reasons = append(verdict.Reasons, "")
		}
	}
	verdict.UnmetClaims = unmetClaims(bundle.Claims, bundle.Facts, verdict.Facts)
	verdict.ClaimsOK = len(verdict.UnmetClaims) == 0
	return verdict
}

// chainOfTrust answers the headers proven, by height; on a failure, those proven before it.
func chainOfTrust(bundle bundleJSON, parsed options) (map[int64]*types.Header, error) {
	proven := map[int64]*types.Header{}
	blocks := bundle.LightBlocks
	// Below the auditor's own header, signed headers are proven as CometBFT verifies backwards:
	// by the hash each header names of the one before it, their signatures set aside.
	var below []*types.Header
	linkedFloor := int64(0)
	if parsed.trust != nil {
		kept := make([]bundleLightBlock, 0, len(blocks))
		for _, block := range blocks {
			var header types.Header
			if err := cmtjson.Unmarshal(block.SignedHeader.Header, &header); err != nil {
				return proven, fmt.Errorf("header: %w", err)
			}
			if header.Height >= parsed.trust.height {
				kept = append(kept, block)
			} else {
				below = append(below, &header)
			}
		}
		blocks = kept
		floor, err := linkFloor(bundle, parsed.trust.height)
		if err != nil {
			return proven, err
		}
		reachable := below[:0]
		for _, header := range below {
			if header.Height >= floor {
				reachable = append(reachable, header)
			}
		}
		below = reachable
		linkedFloor = floor
	}
	if len(blocks) == 0 {
		return proven, fmt.Errorf("the bundle has no signed header")
	}
	trusted := map[int64]*lightBlock{}
	root, err := decodeLightBlock(blocks[0].lightBlockJSON)
	if err != nil {
		return proven, fmt.Errorf("trust root: %w", err)
	}
	if err := rootProblem(bundle, parsed, root); err != nil {
		return proven, err
	}
	if err := checkOwn(bundle.ChainID, root); err != nil {
		return proven, fmt.Errorf("trust root: %w", err)
	}
	trusted[root.signed.Height] = root
	proven[root.signed.Height] = root.signed.Header
	previous := root
	for _, block := range blocks[1:] {
		from := previous
		if block.VerifiedFrom != nil {
			height, err := strconv.ParseInt(*block.VerifiedFrom, 10, 64)
			// From the auditor's own header on, a header verified from one below it is verified
			// from the one before it instead, as verify/ does.
			if err == nil && parsed.trust != nil && height < parsed.trust.height {
				height = previous.signed.Height
			}
			if err != nil || trusted[height] == nil {
				return proven, fmt.Errorf("verified from %s, which is not proven", *block.VerifiedFrom)
			}
			from = trusted[height]
		}
		untrusted, err := decodeLightBlock(block.lightBlockJSON)
		if err != nil {
			return proven, err
		}
		if untrusted.signed.ChainID != bundle.ChainID {
			return proven, fmt.Errorf("header %d is of chain %s", untrusted.signed.Height, untrusted.signed.ChainID)
		}
		if err := light.Verify(from.signed, from.vals, untrusted.signed, untrusted.vals, parsed.period, parsed.now, maxClockDrift, trustLevel); err != nil {
			return proven, fmt.Errorf("header %d: %w", untrusted.signed.Height, err)
		}
		if err := polityRules(from, untrusted); err != nil {
			return proven, fmt.Errorf("header %d: %w", untrusted.signed.Height, err)
		}
		trusted[untrusted.signed.Height] = untrusted
		proven[untrusted.signed.Height] = untrusted.signed.Header
		previous = untrusted
	}
	return proven, linkHeaders(bundle, below, linkedFloor, proven)
}

func rootProblem(bundle bundleJSON, parsed options, root *lightBlock) error {
	if parsed.trust != nil {
		if root.signed.Height != parsed.trust.height || !bytes.Equal(root.signed.Hash(), parsed.trust.hash) {
			return fmt.Errorf("the first header is not the trusted one")
		}
		return nil
	}
	switch bundle.TrustRoot.Kind {
	case "header":
		hash, err := hex.DecodeString(bundle.TrustRoot.Hash)
		if err != nil || strconv.FormatInt(root.signed.Height, 10) != bundle.TrustRoot.Height || !bytes.Equal(root.signed.Hash(), hash) {
			return fmt.Errorf("the first header is not the trust root")
		}
	case "genesis":
		validators, err := decodeValidators(bundle.TrustRoot.Validators)
		if err != nil {
			return err
		}
		set, err := validatorSet(validators, false)
		if err != nil {
			return fmt.Errorf("genesis validators: %w", err)
		}
		if strconv.FormatInt(root.signed.Height, 10) != bundle.TrustRoot.InitialHeight || !bytes.Equal(set.Hash(), root.signed.ValidatorsHash) {
			return fmt.Errorf("the first header is not signed by the genesis validators")
		}
	default:
		return fmt.Errorf("unknown trust root %q", bundle.TrustRoot.Kind)
	}
	return nil
}
