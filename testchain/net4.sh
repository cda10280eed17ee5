#!/bin/bash
# Four validators of polity-testchain on one machine, as four processes.
# Usage: [REST=1317] [RPC=26657] [PRUNING=nothing|custom] net4.sh BIN DIR
#   Validator i (0-3) has its home in DIR/node$i, RPC on RPC+10*i, REST on
#   REST+i, gRPC on its RPC+1000, p2p on its RPC-1; all on 127.0.0.1. DIR is wiped.
# The genesis is made by hand (no `testnet` command): each node signs its own
# gentx, node0 collects them, every node gets the result. alice, bob and carol
# are funded and their keys live in DIR/node0 (keyring "test").
# Prints the four PIDs, space-separated, as the last line of stdout.
set -eu
[ $# -eq 2 ] || { echo "usage: net4.sh BIN DIR" >&2; exit 2; }
BIN=$(realpath "$1"); D=$2
REST=${REST:-1317}; RPC=${RPC:-26657}; PRUNING=${PRUNING:-nothing}; CID=${CHAIN_ID:-polity-net4-1}
. "$(dirname "$0")/lib.sh"
rm -rf "$D"; mkdir -p "$D"
home() { echo "$D/node$1"; }
rpc() { echo $((RPC + 10 * $1)); }
rest() { echo $((REST + $1)); }
c() { local i=$1; shift; "$BIN" --home "$(home $i)" "$@"; }
for i in 0 1 2 3; do
  if curl -sf "127.0.0.1:$(rpc $i)/status" >/dev/null 2>&1; then echo "port $(rpc $i) already serves a node" >&2; exit 1; fi
done

# Validators get unequal stakes (4:3:2:1) so voting power differs per validator.
for i in 0 1 2 3; do
  c $i init "validator-$i" --chain-id "$CID" >/dev/null 2>&1
  c $i keys add val$i --keyring-backend test >/dev/null 2>&1
  c 0 genesis add-genesis-account "$(c $i keys show val$i -a --keyring-backend test)" 100000000000stake
done
for k in alice bob carol; do
  c 0 keys add $k --keyring-backend test >/dev/null 2>&1
  c 0 genesis add-genesis-account "$(c 0 keys show $k -a --keyring-backend test)" 100000000000stake
done
g=$(home 0)/config/genesis.json
jq '.app_state.gov.params |= (.voting_period = "15s" | .expedited_voting_period = "10s"
      | .max_deposit_period = "15s" | .min_deposit = [{denom: "stake", amount: "1"}]
      | .expedited_min_deposit = [{denom: "stake", amount: "2"}])' "$g" > "$g.new" && mv "$g.new" "$g"

# Each validator signs with its own key and consensus key, against the shared accounts.
mkdir -p "$(home 0)/config/gentx"
for i in 0 1 2 3; do
  [ $i = 0 ] || cp "$g" "$(home $i)/config/genesis.json"
  c $i genesis gentx val$i "$(( (4 - i) * 1000000000 ))stake" --chain-id "$CID" --keyring-backend test \
    --output-document "$D/gentx-$i.json" >/dev/null 2>&1
  cp "$D/gentx-$i.json" "$(home 0)/config/gentx/"
done
c 0 genesis collect-gentxs >/dev/null 2>&1
c 0 genesis validate >/dev/null

peers=""
for i in 0 1 2 3; do peers="$peers${peers:+,}$(c $i comet show-node-id)@127.0.0.1:$(( $(rpc $i) - 1 ))"; done
for i in 0 1 2 3; do
  h=$(home $i)
  [ $i = 0 ] || cp "$g" "$h/config/genesis.json"
  configure_node "$h" "$(rpc $i)" "$(rest $i)" "$PRUNING"
  toml "$h/config/client.toml" "" chain-id "\"$CID\""
  # All peers share 127.0.0.1: CometBFT must accept several peers per IP
  # and private addresses.
  toml "$h/config/config.toml" p2p persistent_peers "\"$(echo "$peers" | tr ',' '\n' | grep -v "127.0.0.1:$(( $(rpc $i) - 1 ))\$" | paste -sd,)\""
  toml "$h/config/config.toml" p2p allow_duplicate_ip true
  toml "$h/config/config.toml" p2p addr_book_strict false
done

# Start all four before waiting: no block is made until 2/3 of the power is online.
pids=()
for i in 0 1 2 3; do
  nohup "$BIN" --home "$(home $i)" start </dev/null >>"$(home $i)/node.log" 2>&1 &
  pids+=($!)
done
for i in 0 1 2 3; do
  ok=""
  for t in $(seq 120); do
    if [ "$(height "$(rpc $i)")" -ge 3 ] 2>/dev/null && curl -sf "127.0.0.1:$(rest $i)/cosmos/base/tendermint/v1beta1/node_info" >/dev/null; then ok=1; break; fi
    sleep 0.5
  done
  [ -n "$ok" ] || { echo "validator $i did not reach height 3; tail of its log:" >&2; tail -20 "$(home $i)/node.log" >&2; exit 1; }
done
n=$(curl -s "127.0.0.1:$(rpc 0)/validators" | jq -r .result.total)
echo "4 validators up, $n in the set, height $(height "$(rpc 0)")" >&2
echo "${pids[*]}"
