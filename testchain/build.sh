#!/bin/bash
# Build polity-testchain into testchain/bin/, or reuse the binary when it is
# newer than every Go source, go.mod and go.sum under testchain/.
# Usage: testchain/build.sh   (prints the binary's path last)
# The first build on an empty module cache downloads ~150 modules and compiles
# the SDK: 10-20 minutes on 2 cores. Later builds take seconds to a minute.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
bin=$dir/bin/polity-testchain

if [ -x "$bin" ] && [ -z "$(find "$dir" -path "$dir/bin" -prune -o \( -name '*.go' -o -name go.mod -o -name go.sum \) -newer "$bin" -print -quit)" ]; then
  echo "polity-testchain is up to date (no source newer than the binary)" >&2
  echo "$bin"
  exit 0
fi

start=$(date +%s)
# GOTOOLCHAIN=local: never download another Go toolchain; go.sum is complete,
# so no -mod=mod is needed and a stale go.sum fails loudly instead.
(cd "$dir" && GOTOOLCHAIN=local go build -trimpath -o "$bin" ./cmd/polity-testchain)
echo "built polity-testchain in $(( $(date +%s) - start ))s" >&2
echo "$bin"
