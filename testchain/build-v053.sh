#!/bin/bash
# Build the same polity-testchain app against Cosmos SDK v0.53 into
# testchain/bin/polity-testchain-v053, or reuse that binary when it is newer
# than every input: ../app and ../cmd Go sources, v053/go.mod, v053/go.sum,
# v053/v053.patch and this script.
# Usage: testchain/build-v053.sh   (prints the binary's path last)
#
# The Go source is the v0.50 app's own. It is copied into a temp dir beside
# v053/go.mod (module polity/testchain-v053), with the import path
# polity/testchain/app rewritten to polity/testchain-v053/app and v053.patch
# applied (only what v0.53 needs changed; see README.md). Nothing is written
# into the tree except the binary. The first build on an empty module and
# build cache downloads ~200 modules and compiles the SDK: 4-8 minutes on 2 cores.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
v=$dir/v053
bin=$dir/bin/polity-testchain-v053

if [ -x "$bin" ] && [ -z "$(find "$dir/app" "$dir/cmd" "$v" "$0" \( -name '*.go' -o -name go.mod -o -name go.sum -o -name '*.patch' -o -name build-v053.sh \) -newer "$bin" -print -quit)" ]; then
  echo "polity-testchain-v053 is up to date (no source newer than the binary)" >&2
  echo "$bin"
  exit 0
fi

start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/polity-testchain-v053.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$v/go.mod" "$v/go.sum" "$work/"
cp -r "$dir/app" "$dir/cmd" "$work/"
grep -rl '"polity/testchain/app"' "$work" --include='*.go' |
  xargs sed -i 's#"polity/testchain/app"#"polity/testchain-v053/app"#'
# --fuzz=0: a change to ../app or ../cmd near a patched line fails here, loudly.
patch -s -d "$work" -p1 --fuzz=0 --no-backup-if-mismatch < "$v/v053.patch"
mkdir -p "$dir/bin"
# GOTOOLCHAIN=local: never download another Go toolchain; -mod=readonly: the
# go.sum in v053/ is complete, and a stale one fails instead of being rewritten.
(cd "$work" && GOTOOLCHAIN=local go build -mod=readonly -trimpath -o "$bin" ./cmd/polity-testchain)
echo "built polity-testchain-v053 in $(( $(date +%s) - start ))s" >&2
echo "$bin"
