import { plainEvent, type AbciEvent } from './events.ts';

// x/bank's events, as a v0.50 node emits them for a send: one home for the deposits and refunds
// of x/gov and the spends a group policy's proposals execute.

/** A coin as the SDK writes it: a denom and an integer amount, in text. */
interface Coin {
  readonly denom: string;
  readonly amount: string;
}

/** sdk.Coins.String(): `10stake`, several joined by commas. */
export const coinsText = (coins: readonly Coin[]) => coins.map((coin) => `${coin.amount}${coin.denom}`).join(',');

/** bank's SendCoins: spent, received, the transfer, and a message naming the sender. */
export const transferEvents = (from: string, to: string, amount: string): AbciEvent[] => [
  plainEvent('coin_spent', [
    ['spender', from],
    ['amount', amount],
  ]),
  plainEvent('coin_received', [
    ['receiver', to],
    ['amount', amount],
  ]),
  plainEvent('transfer', [
    ['recipient', to],
    ['sender', from],
    ['amount', amount],
  ]),
  plainEvent('message', [['sender', from]]),
];
