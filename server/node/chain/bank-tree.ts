import type { IavlStore, LoadEntry } from '../store/iavl-store.ts';
import type { ValueEncoder } from '../store/iavl-tree.ts';

// x/bank's balances as its v0.50 keeper stores them (collections): under 0x02 ‖ the address's
// length ‖ the address ‖ the denom, the amount as its decimal text (math.Int's Marshal). A zero
// balance is no entry. The simulated chain holds balances only on its group policies, in its bond
// denom, so the tree follows that map: each changed amount written, each emptied one deleted.

/** The simulated chain's bond denom: every balance it holds is in it. */
export const BOND_DENOM = 'stake';

const text: ValueEncoder = (record) => Buffer.from(String(record), 'latin1');

/** The store key of `address`'s balance of `denom` (the address as raw bytes in latin1). */
export const balanceKey = (address: string, denom = BOND_DENOM) =>
  '\x02' + String.fromCharCode(address.length) + address + Buffer.from(denom, 'utf8').toString('latin1');

export function bankStoreEntries(balances: ReadonlyMap<string, bigint>, version: number): LoadEntry[] {
  return [...balances]
    .filter(([, amount]) => amount > 0n)
    .map(([address, amount]) => ({ key: balanceKey(address), record: amount.toString(), encode: text, version }))
    .sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
}

/** Brings the tree to `balances`, writing only what changed since `synced` (which it then matches). */
export function syncBankTree(tree: IavlStore, balances: ReadonlyMap<string, bigint>, synced: Map<string, bigint>) {
  for (const [address, amount] of balances) {
    if (synced.get(address) === amount) continue;
    if (amount > 0n) tree.set(balanceKey(address), amount.toString(), text);
    else if ((synced.get(address) ?? 0n) > 0n) tree.delete(balanceKey(address));
    synced.set(address, amount);
  }
  for (const [address, amount] of synced) {
    if (balances.has(address)) continue;
    if (amount > 0n) tree.delete(balanceKey(address));
    synced.delete(address);
  }
}
