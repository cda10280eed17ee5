import { toBech32 } from '@cosmjs/encoding';

import type { Statement } from './facts.ts';

// x/bank's balance records as its v0.50 keeper writes them: under 0x02 ‖ the address's length ‖
// the address ‖ the denom, the amount as decimal text (math.Int's Marshal). An absent record is a
// balance of zero: the keeper deletes a balance that reaches it.

export function bankRecord(key: Uint8Array, value: Uint8Array | null, prefix: string): Statement {
  if (key[0] !== 0x02 || key.length < 3 || key[1] + 2 >= key.length) return { kind: 'bank-store-record' };
  const address = toBech32(prefix, key.slice(2, 2 + key[1]));
  const denom = new TextDecoder('utf-8', { fatal: true }).decode(key.slice(2 + key[1]));
  if (value === null) return { kind: 'balance', address, denom, amount: '0' };
  const amount = new TextDecoder('utf-8', { fatal: true }).decode(value);
  if (!/^(0|[1-9]\d{0,77})$/.test(amount))
    return { kind: 'undecodable', problem: `a balance of ${JSON.stringify(amount.slice(0, 40))}` };
  return { kind: 'balance', address, denom, amount };
}
