import type { Millis, PolicyInfo, Proposal } from '../records.ts';
import type { GroupStore } from './group-store.ts';
import { MAX_EXECUTION_MS } from './params.ts';

/**
 * Runs an accepted proposal's messages inside its execution window, all or nothing. Bank sends
 * spend the policy account's balance; every other message type succeeds.
 */
export function executeProposal(store: GroupStore, proposal: Proposal, policy: PolicyInfo, now: Millis): boolean {
  if (now < proposal.submitTime + policy.decisionPolicy.windows.minExecutionPeriod * 1000) return false;
  if (now > proposal.votingPeriodEnd + MAX_EXECUTION_MS) return false;
  let balance = store.balances.get(policy.key) ?? 0n;
  for (const message of proposal.messages) {
    if (message['@type'] !== '/cosmos.bank.v1beta1.MsgSend') continue;
    const coins = message.amount as { denom: string; amount: string }[];
    for (const coin of coins) balance -= BigInt(coin.amount);
    if (balance < 0n) return false;
  }
  store.balances.set(policy.key, balance);
  return true;
}
