import type { Coin } from '../api/bank.ts';
import { grouped } from '../lib/format-number.ts';

// What a group policy holds and what a proposal would take from it. Coin amounts are integers of
// a denom's base unit, summed as bigints: never floats, never rounded.

const SEND = '/cosmos.bank.v1beta1.MsgSend';

/** "1,000,000 stake": a base amount and its denom. */
export const coinText = (amount: bigint | string, denom: string) => `${grouped(String(amount))} ${denom}`;

/** "1,000 stake and 5 uatom", or "nothing". */
export const coinsText = (coins: ReadonlyMap<string, bigint>) =>
  coins.size === 0 ? 'nothing' : [...coins].map(([denom, amount]) => coinText(amount, denom)).join(' and ');

/** Per denom, the sum of several accounts' coins (a group's policies together). */
export function sumCoins(lists: readonly (readonly Coin[])[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const coins of lists)
    for (const coin of coins) sums.set(coin.denom, (sums.get(coin.denom) ?? 0n) + BigInt(coin.amount));
  return sums;
}

/**
 * What a proposal's messages send out of the policy, per denom: every MsgSend from its address
 * (a message may also name another sender; the policy can only sign for itself). Null when the
 * proposal sends nothing of the policy's.
 */
export function spendOf(messages: readonly Record<string, unknown>[], policy: string): Map<string, bigint> | null {
  const spend = new Map<string, bigint>();
  for (const message of messages) {
    if (message['@type'] !== SEND || message.from_address !== policy || !Array.isArray(message.amount)) continue;
    for (const coin of message.amount as unknown[]) {
      if (typeof coin !== 'object' || coin === null) continue;
      const { denom, amount } = coin as { denom?: unknown; amount?: unknown };
      if (typeof denom !== 'string' || typeof amount !== 'string' || !/^\d+$/.test(amount)) continue;
      spend.set(denom, (spend.get(denom) ?? 0n) + BigInt(amount));
    }
  }
  return spend.size > 0 ? spend : null;
}

export interface SpendLine {
  denom: string;
  words: string;
  /** More than the policy holds of it: executing the proposal would fail for want of funds. */
  overdraws: boolean;
}

/** Per denom sent: "sends 500 stake of the policy's 1,200 stake; after it, 700 would remain". */
export function spendLines(spend: ReadonlyMap<string, bigint>, held: ReadonlyMap<string, bigint>): SpendLine[] {
  return [...spend].map(([denom, amount]) => {
    const has = held.get(denom) ?? 0n;
    const overdraws = amount > has;
    return {
      denom,
      overdraws,
      words: overdraws
        ? `Sends ${coinText(amount, denom)}, more than the policy holds: it has ${coinText(has, denom)}, ${coinText(amount - has, denom)} short. Executing it now would fail for want of funds.`
        : `Sends ${coinText(amount, denom)} of the policy's ${coinText(has, denom)}; after it, ${coinText(has - amount, denom)} would remain.`,
    };
  });
}
