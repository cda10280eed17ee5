package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	cmtjson "github.com/cometbft/cometbft/libs/json"
	"github.com/cometbft/cometbft/light"
	"github.com/cometbft/cometbft/types"
)

// A proof bundle checked by CometBFT's light client: the document's shape (shape.go), the trust
// root, each signed header from the one it names (light.Verify, by the checker's clock and
// trusting period, never the bundle's), headers below by hash link, then each fact's Merkle or
// ICS23 proof, and every claim of a complete set against the facts that held (claims.go).
// What a record means beyond its keys and bindings (tallies, weights) is left to verify/.

type bundleJSON struct {
	ChainID      string `json:"chain_id"`
	Bech32Prefix string `json:"bech32_prefix"`
	TrustRoot    struct {
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
	// ClaimsOK: every claim is met by the facts that held (see claims.go).
	ClaimsOK    bool     `json:"claims_ok"`
	UnmetClaims []string `json:"unmet_claims"`
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
	out, _ := json.Marshal(documentVerdict(raw, parsed))
	fmt.Println(string(out))
	return 0
}

// documentVerdict: a refused shape is a verdict like any other (chain_ok false, the rule named).
func documentVerdict(raw []byte, parsed options) bundleVerdict {
	refused := func(err error) bundleVerdict {
		return bundleVerdict{Failure: err.Error(), Facts: []bool{}, Reasons: []string{}, UnmetClaims: []string{}}
	}
	if err := depthProblem(raw, maxDocumentDepth); err != nil {
		return refused(err)
	}
	var bundle bundleJSON
	if err := json.Unmarshal(raw, &bundle); err != nil {
		return refused(documentProblem(err))
	}
	return guarded(func() bundleVerdict { return checkBundle(bundle, parsed) })
}

func checkBundle(bundle bundleJSON, parsed options) bundleVerdict {
	verdict := bundleVerdict{Facts: []bool{}, Reasons: []string{}}
	proven, err := chainOfTrust(bundle, parsed)
	if err != nil {
		verdict.Failure = err.Error()
	} else {
		verdict.ChainOK = true
	}
	facts := make([]provenFact, 0, len(bundle.Facts))
	for _, fact := range bundle.Facts {
		keys, reason := factProblem(fact, proven)
		verdict.Facts = append(verdict.Facts, reason == nil)
		if reason != nil {
			verdict.Reasons = append(verdict.Reasons, reason.Error())
		} else {
			verdict.Reasons = append(verdict.Reasons, "")
		}
		facts = append(facts, provenFact{factJSON: fact, held: reason == nil, keys: keys})
	}
	verdict.UnmetClaims = unmetClaims(bundle.Claims, evidence{facts: facts, bech32Prefix: bundle.Bech32Prefix})
	verdict.ClaimsOK = len(verdict.UnmetClaims) == 0
	return verdict
}

// chainOfTrust answers the headers proven, by height; on a failure, those proven before it.
func chainOfTrust(bundle bundleJSON, parsed options) (map[int64]*types.Header, error) {
	proven := map[int64]*types.Header{}
	if err := integersProblem(bundle); err != nil {
		return proven, err
	}
	if err := sameHeightProblem(bundle); err != nil {
		return proven, err
	}
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
			height, err := decimalHeight(*block.VerifiedFrom)
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
