import { createHash } from 'node:crypto';

import { bech32 } from 'bech32';

import { encodeAccAddress } from '../../lib/bech32-sdk.ts';
import { flat } from '../../store/keys.ts';

/**
 * Deterministic accounts: 20-byte addresses from the seed and a label. Every address the chain
 * creates is recorded in the address book (text → index key bytes), so state code never has to
 * decode bech32 again.
 */
export class Accounts {
  readonly book = new Map<string, string>();

  constructor(private readonly seed: string) {}

  account(label: string): string {
    const bytes = createHash('sha256').update(`${this.seed}\u0000account\u0000${label}`).digest().subarray(0, 20);
    const address = flat(encodeAccAddress(bytes));
    this.book.set(address, bytes.toString('latin1'));
    return address;
  }

  validator(label: string): string {
    return bech32.encode('cosmosvaloper', bech32.toWords(this.validatorBytes(label)));
  }

  /** The account behind a validator: the same bytes, which is how x/gov knows a vote is the validator's. */
  operatorAccount(label: string): string {
    const bytes = this.validatorBytes(label);
    const address = flat(encodeAccAddress(bytes));
    this.book.set(address, bytes.toString('latin1'));
    return address;
  }

  private validatorBytes(label: string): Buffer {
    return createHash('sha256').update(`${this.seed}\u0000validator\u0000${label}`).digest().subarray(0, 20);
  }
}
