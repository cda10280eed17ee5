import type { Coin, DenomUnit } from '../api/treasury/bank.ts';
import { grouped } from '../lib/format-number.ts';

// What a group policy holds and what a proposal would take from it. Coin amounts are integers of
// a denom's base unit, summed as bigints: never floats, never rounded.

const SEND = '/cosmos.bank.v1beta1.MsgSend';
const DELEGATE = '/cosmos.staking.v1beta1.MsgDelegate';

/** The display units of the chain's denoms, by base denom (none known: base units throughout). */
export type DenomUnits = ReadonlyMap<string, DenomUnit>;

/** `amount` base units in a unit 10^exponent larger, exactly: "1500000", 6 → "1.5". */
function scaled(amount: bigint, exponent: number): string {
  const scale = 10n ** BigInt(exponent);
  const whole = amount / scale;
  const fraction = (amount % scale).toString().padStart(exponent, '0').replace(/0+$/, '');
  return grouped(fraction ? `${whole}.${fraction}` : String(whole));
}

/** "1,000,000 stake": a base amount and its denom; "1.5 REGEN" where the chain names a display unit. */
export function coinText(amount: bigint | string, denom: string, units?: DenomUnits): string {
  const unit = units?.get(denom);
  return unit ? `${scaled(BigInt(amount), unit.exponent)} ${unit.display}` : `${grouped(String(amount))} ${denom}`;
}

/** "1,000 stake and 5 uatom", or "nothing". */
export const coinsText = (coins: ReadonlyMap<string, bigint>, units?: DenomUnits) =>
  coins.size === 0 ? 'nothing' : [...coins].map(([denom, amount]) => coinText(amount, denom, units)).join(' and ');

/** The same coins in base units, for the hover where display units are shown. */
export const baseCoinsText = (coins: ReadonlyMap<string, bigint>) => coinsText(coins);

/** Per denom, the sum of several accounts' coins (a group's policies together). */
export function sumCoins(lists: readonly (readonly Coin[])[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const coins of lists)
    for (const coin of coins) sums.set(coin.denom, (sums.get(coin.denom) ?? 0n) + BigInt(coin.amount));
  return sums;
}

/** A coin of a message, when well formed: `{denom, amount}` with an integer amount. */
function coinOf(value: unknown): [string, bigint] | null {
  if (typeof value !== 'object' || value === null) return null;
  const { denom, amount } = value as { denom?: unknown; amount?: unknown };
  return typeof denom === 'string' && typeof amount === 'string' && /^\d+$/.test(amount)
    ? [denom, BigInt(amount)]
    : null;
}

/** What a proposal would take out of its policy, per denom, and whether some of it is delegated. */
export interface Spend {
  coins: Map<string, bigint>;
  delegates: boolean;
}

/**
 * What a proposal's messages take out of the policy, per denom: every MsgSend from its address
 * and every MsgDelegate of its stake (a message may name another account; the policy signs for
 * itself only). Null when the proposal takes nothing of the policy's.
 */
export function spendOf(messages: readonly Record<string, unknown>[], policy: string): Spend | null {
  const coins = new Map<string, bigint>();
  let delegates = false;
  const add = (coin: [string, bigint] | null) => {
    if (coin) coins.set(coin[0], (coins.get(coin[0]) ?? 0n) + coin[1]);
  };
  for (const message of messages) {
    if (message['@type'] === SEND && message.from_address === policy && Array.isArray(message.amount))
      (message.amount as unknown[]).forEach((coin) => add(coinOf(coin)));
    if (message['@type'] === DELEGATE && message.delegator_address === policy) {
      const coin = coinOf(message.amount);
      add(coin);
      delegates ||= coin !== null;
    }
  }
  return coins.size > 0 ? { coins, delegates } : null;
}

export interface SpendLine {
  denom: string;
  words: string;
  /** More than the policy holds of it: executing the proposal would fail for want of funds. */
  overdraws: boolean;
}

/** Per denom taken: "sends 500 stake of the policy's 1,200 stake; after it, 700 would remain". */
export function spendLines(spend: Spend, held: ReadonlyMap<string, bigint>, units?: DenomUnits): SpendLine[] {
  const verb = spend.delegates ? 'Sends or delegates' : 'Sends';
  return [...spend.coins].map(([denom, amount]) => {
    const has = held.get(denom) ?? 0n;
    const overdraws = amount > has;
    return {
      denom,
      overdraws,
      words: overdraws
        ? `${verb} ${coinText(amount, denom, units)}, more than the policy holds: it has ${coinText(has, denom, units)}, ${coinText(amount - has, denom, units)} short. Executing it now would fail for want of funds.`
        : `${verb} ${coinText(amount, denom, units)} of the policy's ${coinText(has, denom, units)}; after it, ${coinText(has - amount, denom, units)} would remain.`,
    };
  });
}
