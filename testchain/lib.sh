# Shared helpers for chain.sh and net4.sh (sourced, not run).

# toml FILE SECTION KEY VALUE: set KEY inside [SECTION] ("" = the keys before
# the first section). Editing by key, not by default value, keeps working
# when the SDK's defaults change.
toml() {
  local f=$1 sec=$2 key=$3 val=$4
  if [ -z "$sec" ]; then
    sed -i "0,/^\[/ s|^$key = .*|$key = $val|" "$f"
  else
    sed -i "/^\[$sec\]/,/^\[/ s|^$key = .*|$key = $val|" "$f"
  fi
  grep -q "^$key = $(printf '%s' "$val" | sed 's/[][\.*^$|]/\\&/g')\$" "$f" || { echo "could not set $key in $f" >&2; return 1; }
}

# configure_node HOME RPC REST PRUNING: the ports and settings a test node
# needs. RPC+1000 is gRPC, RPC-1 p2p, RPC+1 the (unused) ABCI socket;
# everything listens on 127.0.0.1 only.
configure_node() {
  local h=$1 rpc=$2 rest=$3 pruning=$4 cfg=$1/config/config.toml app=$1/config/app.toml
  toml "$cfg" "" proxy_app "\"tcp://127.0.0.1:$((rpc + 1))\""
  toml "$cfg" rpc laddr "\"tcp://127.0.0.1:$rpc\""
  toml "$cfg" rpc cors_allowed_origins '["*"]'
  toml "$cfg" rpc pprof_laddr '""'
  toml "$cfg" p2p laddr "\"tcp://127.0.0.1:$((rpc - 1))\""
  toml "$cfg" consensus timeout_commit "\"${TIMEOUT_COMMIT:-1s}\""
  if [ "$pruning" = custom ]; then
    toml "$app" "" pruning '"custom"'
    toml "$app" "" pruning-keep-recent '"100"'
    toml "$app" "" pruning-interval '"10"'
  else
    # Every height stays queryable: abci_query proofs and pinned REST reads
    # of any past height must work.
    toml "$app" "" pruning '"nothing"'
  fi
  toml "$app" api enable true
  toml "$app" api address "\"tcp://127.0.0.1:$rest\""
  toml "$app" api enabled-unsafe-cors true
  toml "$app" grpc address "\"127.0.0.1:$((rpc + 1000))\""
  local cl=$h/config/client.toml
  toml "$cl" "" node "\"tcp://127.0.0.1:$rpc\""
  toml "$cl" "" keyring-backend '"test"'
}

# start_node HOME RPC REST [ENV=VALUE]: start in the background (log
# appended to HOME/node.log) and wait until RPC has a block and REST answers.
# Sets NODE_PID.
start_node() {
  local h=$1 rpc=$2 rest=$3
  shift 3
  env "$@" nohup "$BIN" --home "$h" start </dev/null >>"$h/node.log" 2>&1 &
  NODE_PID=$!
  local i
  for i in $(seq 120); do
    kill -0 "$NODE_PID" 2>/dev/null || { echo "node in $h exited; tail of its log:" >&2; tail -20 "$h/node.log" >&2; return 1; }
    if [ "$(height "$rpc")" -ge 1 ] 2>/dev/null && curl -sf "127.0.0.1:$rest/cosmos/base/tendermint/v1beta1/node_info" >/dev/null; then
      return 0
    fi
    sleep 0.5
  done
  echo "node in $h did not come up within 60 s" >&2
  return 1
}

# stop_node PID: SIGTERM, then SIGKILL if it lingers.
stop_node() {
  local i
  kill "$1" 2>/dev/null || return 0
  for i in $(seq 40); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.25; done
  kill -9 "$1" 2>/dev/null || true
}

height() { curl -s "127.0.0.1:$1/status" | jq -r '.result.sync_info.latest_block_height // 0'; }
