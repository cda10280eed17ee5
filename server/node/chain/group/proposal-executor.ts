import { coinsText, transferEvents } from '../bank-events.ts';
import { chainTimeText } from '../chain-time.ts';
import type { AbciEvent } from '../events.ts';
import type { Millis, PolicyInfo, Proposal } from '../records.ts';
import type { GroupStore } from './group-store.ts';
import { MAX_EXECUTION_MS } from './params.ts';

/**
 * Runs an accepted proposal's messages inside its execution window, all or nothing, and says why
 * not (null: executed). Bank sends spend the policy account's balance and emit the bank module's
 * transfer events; every other message type succeeds.
 */
export function executeProposal(store: GroupStore, proposal: Proposal, policy: PolicyInfo, now: Millis): string | null {
  const earliest = proposal.submitTime + policy.decisionPolicy.windows.minExecutionPeriod * 1000;
  if (now < earliest) return `must wait until ${chainTimeText(earliest)} to execute proposal ${proposal.id}`;
  const expiry = proposal.votingPeriodEnd + MAX_EXECUTION_MS;
  if (now > expiry) return `proposal expired on ${chainTimeText(expiry)}`;
  let balance = store.balances.get(policy.key) ?? 0n;
  const transfers: AbciEvent[] = [];
  for (const message of proposal.messages) {
    if (message['@type'] !== '/cosmos.bank.v1beta1.MsgSend') continue;
    const coins = message.amount as { denom: string; amount: string }[];
    for (const coin of coins) {
      if (balance < BigInt(coin.amount)) {
        return `spendable balance ${balance}stake is smaller than ${coin.amount}${coin.denom}: insufficient funds`;
      }
      balance -= BigInt(coin.amount);
    }
    const amount = coinsText(coins);
    const to = String(message.to_address);
    transfers.push(...transferEvents(policy.address, to, amount));
  }
  store.balances.set(policy.key, balance);
  transfers.forEach((event) => store.events(event));
  return null;
}
