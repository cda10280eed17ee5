package main

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The auditor's own terms for a bundle: the clock and trusting period the checker judges headers
// by (never the bundle's), and a root of the auditor's choosing in place of the bundle's.

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
