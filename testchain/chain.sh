#!/bin/bash
# A one-validator polity-testchain with an x/group, x/gov and x/upgrade history.
# Usage: [REST=1317] [RPC=26657] [PRUNING=nothing|custom] chain.sh BIN HOME
#   gRPC on RPC+1000, p2p on RPC-1, all on 127.0.0.1; HOME is wiped first.
# Leaves the node running and prints its PID as the last line of stdout.
# Progress and failures go to stderr; HOME/history.json describes what was made.
# The upgrade runs as with cosmovisor: the plan halts the node at its height,
# the script restarts it with TESTCHAIN_UPGRADE_NAME set, which applies it.
# Restart the node later with that env var still set (see README.md).
set -eu
[ $# -eq 2 ] || { echo "usage: chain.sh BIN HOME" >&2; exit 2; }
BIN=$(realpath "$1"); H=$2
REST=${REST:-1317}; RPC=${RPC:-26657}; PRUNING=${PRUNING:-nothing}
CID=${CHAIN_ID:-polity-testchain-1}; UPGRADE=${UPGRADE_NAME:-polity-test}
. "$(dirname "$0")/lib.sh"
command -v jq >/dev/null || { echo "jq is missing (apt-get install -y jq)" >&2; exit 1; }
if curl -sf "127.0.0.1:$RPC/status" >/dev/null 2>&1; then echo "port $RPC already serves a node" >&2; exit 1; fi
T0=$(date +%s)
say() { echo "[$(( $(date +%s) - T0 ))s] $*" >&2; }

rm -rf "$H"; mkdir -p "$H/work"; W=$H/work
c() { "$BIN" --home "$H" "$@"; }
addr() { c keys show "$1" -a; }

# --- tx helpers: broadcast (sync), then poll /tx until the block has it ---
FAILS=0
# bcast FROM ARGS...: echoes the tx hash, or nothing when CheckTx refused it.
bcast() {
  local from=$1 out hash
  shift
  out=$(c tx "$@" --from "$from" --chain-id "$CID" --yes --gas 2000000 --fees 2000stake -o json 2>&1) || true
  hash=$(echo "$out" | jq -r 'select(.code == 0) | .txhash' 2>/dev/null || true)
  if [ -z "$hash" ]; then
    echo "tx refused: $* :: $(echo "$out" | tail -c 400)" >&2; FAILS=$((FAILS + 1))
  fi
  echo "$hash"
}
# await HASH WHAT: wait for the tx's block; a failed tx is reported.
await() {
  local hash=$1 what=$2 res code i
  [ -n "$hash" ] || return 0
  for i in $(seq 80); do
    res=$(curl -s "127.0.0.1:$RPC/tx?hash=0x$hash")
    code=$(echo "$res" | jq -r '.result.tx_result.code // empty')
    [ -n "$code" ] && break
    sleep 0.25
  done
  if [ "$code" != 0 ]; then
    echo "tx failed (code ${code:-timeout}): $what :: $(echo "$res" | jq -r '.result.tx_result.log // .error.data // empty' | head -c 400)" >&2
    FAILS=$((FAILS + 1))
  fi
}
tx() { local from=$1; shift; await "$(bcast "$from" "$@")" "$*"; }

# --- genesis: three funded keys, alice the only validator ---
c init polity-node --chain-id "$CID" >/dev/null 2>&1
for k in alice bob carol; do c keys add $k --keyring-backend test >/dev/null 2>&1; done
A=$(c keys show alice -a --keyring-backend test); B=$(c keys show bob -a --keyring-backend test)
C=$(c keys show carol -a --keyring-backend test)
for a in $A $B $C; do c genesis add-genesis-account "$a" 100000000000stake >/dev/null; done
c genesis gentx alice 1000000000stake --chain-id "$CID" --keyring-backend test >/dev/null 2>&1
c genesis collect-gentxs >/dev/null 2>&1
# Short gov periods so an upgrade proposal passes within the script.
g=$H/config/genesis.json
jq '.app_state.gov.params |= (.voting_period = "15s" | .expedited_voting_period = "10s"
      | .max_deposit_period = "15s" | .min_deposit = [{denom: "stake", amount: "1"}]
      | .expedited_min_deposit = [{denom: "stake", amount: "2"}])' "$g" > "$g.new" && mv "$g.new" "$g"
c genesis validate >/dev/null
configure_node "$H" "$RPC" "$REST" "$PRUNING"
toml "$H/config/client.toml" "" chain-id "\"$CID\""

start_node "$H" "$RPC" "$REST"
say "node up (pid $NODE_PID, pruning $PRUNING)"

# 39 more members so group 2 has 42; they pay their own vote fees.
M=()
for i in $(seq 39); do c keys add m$i >/dev/null 2>&1; M+=("$(addr m$i)"); done
tx alice bank multi-send "$A" "${M[@]}" 1000000stake

# --- groups and policies ---
members() {  # ADDR=WEIGHT... -> members JSON
  local x; for x in "$@"; do printf '{"address":"%s","weight":"%s","metadata":"member"}\n' "${x%%=*}" "${x##*=}"; done | jq -s '{members: .}'
}
members "$A=3" "$B=2" "$C=1" > $W/g1.json
big=("$A=1.5" "$B=2.25" "$C=0.000000000000000001"); for x in "${M[@]}"; do big+=("$x=1"); done
members "${big[@]}" > $W/g2.json
members "$A=1" "$B=1" > $W/g3.json
tx alice group create-group "$A" "core team" $W/g1.json               # group 1, admin alice
tx alice group create-group "$A" 'big <b>council</b> & co' $W/g2.json # group 2 (HTML in metadata on purpose)
tx bob group create-group "$B" "pair" $W/g3.json                      # group 3, admin bob
threshold() { jq -n --arg t "$1" --arg v "$2" '{"@type": "/cosmos.group.v1.ThresholdDecisionPolicy", threshold: $t, windows: {voting_period: $v, min_execution_period: "0s"}}'; }
percentage() { jq -n --arg p "$1" --arg v "$2" '{"@type": "/cosmos.group.v1.PercentageDecisionPolicy", percentage: $p, windows: {voting_period: $v, min_execution_period: "0s"}}'; }
threshold 4 20s > $W/p1.json; percentage 0.5 20s > $W/p2.json; threshold 1 3600s > $W/p3.json
tx alice group create-group-policy "$A" 1 "treasury" $W/p1.json
tx alice group create-group-policy "$A" 2 "council pct" $W/p2.json
tx bob group create-group-policy "$B" 3 "slow" $W/p3.json
# Each group has one policy, so its address is the first listed for the group.
policy() { curl -s "127.0.0.1:$REST/cosmos/group/v1/group_policies_by_group/$1" | jq -r '.group_policies[0].address'; }
P1=$(policy 1); P2=$(policy 2); P3=$(policy 3)
# Group 4 governs itself: its policy is its own admin and the group's (two updates, version 2 each).
members "$A=1" "$C=1" > $W/g4.json; threshold 1 20s > $W/p4.json
tx alice group create-group-with-policy "$A" "self-governed" "its own admin" $W/g4.json $W/p4.json --group-policy-as-admin
P4=$(policy 4)
tx bob group update-group-metadata "$B" 3 "pair, renamed"                 # group 3's version 2
tx alice bank send "$A" "$P1" 1000stake
tx alice bank send "$A" "$P2" 500stake
say "groups 1-3, policies $P1 $P2 $P3"

# --- group proposals; the number in each comment is its id ---
N=0
# propose POLICY AMOUNT TITLE SUMMARY PROPOSER_KEY: a MsgSend from the policy to carol.
propose() {
  N=$((N + 1))
  jq -n --arg p "$1" --arg to "$C" --arg amt "$2" --arg t "$3" --arg s "$4" --arg by "$(addr $5)" \
    '{group_policy_address: $p, messages: [{"@type": "/cosmos.bank.v1beta1.MsgSend", from_address: $p,
      to_address: $to, amount: [{denom: "stake", amount: $amt}]}], metadata: "polity-testchain",
      title: $t, summary: $s, proposers: [$by]}' > $W/prop$N.json
  tx "$5" group submit-proposal $W/prop$N.json
}
vote() { tx "$3" group vote "$1" "$(addr $3)" "$2" "${4:-}" ; }  # ID OPTION KEY [REASON]

propose "$P1" 10 "Pay carol ten" "treasury spend, executed at once" alice   # 1: executed, pruned
vote 1 VOTE_OPTION_YES alice "fine"; vote 1 VOTE_OPTION_YES bob
tx alice group exec 1
propose "$P1" 5000000 "Pay carol too much" "accepted, execution fails" alice # 2: accepted, exec FAILURE
vote 2 VOTE_OPTION_YES alice; vote 2 VOTE_OPTION_YES bob; vote 2 VOTE_OPTION_NO carol "too much"
tx alice group exec 2
propose "$P2" 1 "Council pays one" "decided at voting end, many votes" alice # 3: accepted at voting end
# Votes from distinct signers need no sequence ordering: broadcast them all
# first so they land well inside the 20 s window, then wait for each.
hashes=()
hashes+=("$(bcast alice group vote 3 "$A" VOTE_OPTION_YES "")")
hashes+=("$(bcast bob group vote 3 "$B" VOTE_OPTION_NO "heavy no")")
hashes+=("$(bcast carol group vote 3 "$C" VOTE_OPTION_ABSTAIN "tiny weight")")
for i in $(seq 30); do
  o=VOTE_OPTION_YES
  [ $((i % 9)) = 0 ] && o=VOTE_OPTION_ABSTAIN; [ $((i % 6)) = 0 ] && o=VOTE_OPTION_NO
  [ $i = 13 ] && o=VOTE_OPTION_NO_WITH_VETO
  hashes+=("$(bcast m$i group vote 3 "${M[$((i - 1))]}" $o "")")
done
for h in "${hashes[@]}"; do await "$h" "vote on 3"; done
propose "$P1" 1 "Withdrawn" "the proposer withdraws it" alice             # 4: withdrawn
vote 4 VOTE_OPTION_NO bob
tx alice group withdraw-proposal 4 "$A"
propose "$P1" 1 "Aborted" "the decision policy changes under it" alice    # 5: aborted
vote 5 VOTE_OPTION_YES carol
threshold 3 20s > $W/p1b.json
tx alice group update-group-policy-decision-policy "$A" "$P1" $W/p1b.json
propose "$P3" 1 "Still open" "open for an hour" bob                       # 6: open, with a vote
vote 6 VOTE_OPTION_YES bob "yes from bob"
propose "$P1" 1 "Rejected" "two no votes, rejected at voting end" alice   # 7: rejected at voting end
vote 7 VOTE_OPTION_NO alice; vote 7 VOTE_OPTION_NO bob
propose "$P1" 3 "Paid by the deciding vote" "vote with exec try" alice    # 8: executed by a vote tx
vote 8 VOTE_OPTION_YES alice
tx bob group vote 8 "$B" VOTE_OPTION_YES "and execute" --exec 1
tx carol group leave-group "$C" 1                                         # carol leaves group 1
say "group proposals 1-8 made"

# --- an upgrade scheduled by x/gov, applied by a restart (cosmovisor-style) ---
GOV=$(curl -s "127.0.0.1:$REST/cosmos/auth/v1beta1/module_accounts/gov" | jq -r '.account.base_account.address // .account.value.address')
UH=$(( $(height "$RPC") + 30 ))
jq -n --arg gov "$GOV" --arg name "$UPGRADE" --arg h "$UH" \
  '{messages: [{"@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", authority: $gov,
    plan: {name: $name, height: $h, info: "{}"}}], metadata: "polity-testchain", deposit: "10stake",
    title: "Upgrade to \($name)", summary: "software upgrade for the test suite", expedited: false}' > $W/upgrade.json
tx alice gov submit-proposal $W/upgrade.json                              # gov proposal 1
tx alice gov vote 1 yes
say "upgrade $UPGRADE planned at height $UH; waiting for the halt"
for i in $(seq 180); do grep -q "UPGRADE \"$UPGRADE\" NEEDED" "$H/node.log" && break; sleep 0.5; done
grep -q "UPGRADE \"$UPGRADE\" NEEDED" "$H/node.log" || { echo "the node did not halt for $UPGRADE" >&2; FAILS=$((FAILS + 1)); }
sleep 1
stop_node "$NODE_PID"
start_node "$H" "$RPC" "$REST" TESTCHAIN_UPGRADE_NAME="$UPGRADE"
APPLIED=$(curl -s "127.0.0.1:$REST/cosmos/upgrade/v1beta1/applied_plan/$UPGRADE" | jq -r .height)
say "restarted (pid $NODE_PID); $UPGRADE applied at height $APPLIED"

# --- after the upgrade ---
vote 6 VOTE_OPTION_NO alice "after the upgrade"
propose "$P1" 2 "After the upgrade" "executed after the restart" alice   # 9: executed, pruned
vote 9 VOTE_OPTION_YES alice; vote 9 VOTE_OPTION_YES bob
tx alice group exec 9

# --- check the fates (pruned ones answer not-found) and record the history ---
sleep 2
fate() {
  curl -s "127.0.0.1:$REST/cosmos/group/v1/proposal/$1" |
    jq -r 'if .proposal then "\(.proposal.status)/\(.proposal.executor_result)" else "pruned" end'
}
declare -A WANT=([1]=pruned [2]=PROPOSAL_STATUS_ACCEPTED/PROPOSAL_EXECUTOR_RESULT_FAILURE
  [3]=PROPOSAL_STATUS_ACCEPTED/PROPOSAL_EXECUTOR_RESULT_NOT_RUN [4]=pruned [5]=pruned
  [6]=PROPOSAL_STATUS_SUBMITTED/PROPOSAL_EXECUTOR_RESULT_NOT_RUN
  [7]=PROPOSAL_STATUS_REJECTED/PROPOSAL_EXECUTOR_RESULT_NOT_RUN [8]=pruned [9]=pruned)
for id in $(seq $N); do
  got=$(fate $id)
  [ "$got" = "${WANT[$id]}" ] || { echo "proposal $id is $got, expected ${WANT[$id]}" >&2; FAILS=$((FAILS + 1)); }
done
HEIGHT=$(height "$RPC")
jq -n --arg cid "$CID" --arg a "$A" --arg b "$B" --arg c "$C" --arg p1 "$P1" --arg p2 "$P2" --arg p3 "$P3" --arg p4 "$P4" \
  --arg up "$UPGRADE" --arg uh "$UH" --arg h "$HEIGHT" --arg rest "$REST" --arg rpc "$RPC" --arg pr "$PRUNING" '{
  chain_id: $cid, rest: ("http://127.0.0.1:" + $rest), rpc: ("http://127.0.0.1:" + $rpc), pruning: $pr,
  accounts: {alice: $a, bob: $b, carol: $c},
  groups: {"1": {admin: $a, policy: $p1, note: "alice 3, bob 2, carol 1 (carol leaves)"},
           "2": {admin: $a, policy: $p2, note: "42 members: alice 1.5, bob 2.25, carol 1e-18, m1..m39 1"},
           "3": {admin: $b, policy: $p3, note: "alice 1, bob 1; metadata updated"},
           "4": {admin: $p4, policy: $p4, note: "alice 1, carol 1; its policy is its admin"}},
  proposals: {"1": "executed (MsgSend of 10 to carol), pruned", "2": "accepted, execution failed",
    "3": "accepted at voting end after 33 votes", "4": "withdrawn, pruned at voting end",
    "5": "aborted by a decision policy change, pruned at voting end", "6": "open for an hour, votes by bob and alice",
    "7": "rejected at voting end", "8": "executed by a vote with exec try, pruned",
    "9": "executed after the upgrade, pruned"},
  upgrade: {name: $up, height: ($uh | tonumber), gov_proposal: 1},
  height_at_end: ($h | tonumber)}' > "$H/history.json"
say "done at height $HEIGHT with $FAILS problem(s); node pid $NODE_PID; see $H/history.json"
echo "$NODE_PID"
