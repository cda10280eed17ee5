import { toBech32 } from '@cosmjs/encoding';

import { bytesOfHex } from '../bytes.ts';

// Rule W2 (docs/bundle-format.md): a walk proves a set only in the store that set lives in, under
// the set's exact prefix. Another store holds none of x/group's keys, so a walk of a vote prefix in
// x/bank's store proves nothing about votes but that x/bank has none: without this rule any set
// could be "proven" empty by a genuine walk of the wrong store.

export type WalkSubject =
  | { kind: 'votes'; proposalId: string }
  | { kind: 'members'; groupId: string }
  | { kind: 'policies'; groupId: string }
  | { kind: 'policy-proposals'; address: string }
  | { kind: 'balances'; address: string };

const idAt = (bytes: Uint8Array, start: number) =>
  new DataView(bytes.buffer, bytes.byteOffset + start, 8).getBigUint64(0, false).toString();

/** An address behind its length byte at `start`, the prefix's end; null when the length is not the rest. */
function addressAfterLength(bytes: Uint8Array, start: number, bech32Prefix: string): string | null {
  const length = bytes[start];
  if (length === undefined || length === 0 || bytes.length !== start + 1 + length) return null;
  try {
    return toBech32(bech32Prefix, bytes.slice(start + 1));
  } catch {
    return null;
  }
}

/** The set a walk of `prefixHex` in `store` proves, or why it proves none (rule W2). */
export function walkSubjectOf(
  store: string,
  prefixHex: string,
  bech32Prefix: string,
): WalkSubject | { problem: string } {
  const prefix = bytesOfHex(prefixHex);
  const refused = (why: string) => ({
    problem: `W2: a walk of ${prefixHex || '(no prefix)'} in the ${store} store proves no set Polity reads: ${why}`,
  });
  if (!prefix || prefix.length === 0) return refused('it has no prefix');
  const inGroupStore = (subject: WalkSubject) =>
    store === 'group' ? subject : refused(`that prefix names x/group's ${subject.kind}, which live in the group store`);
  if (prefix.length === 10 && prefix[0] === 0x40 && prefix[1] === 0x00)
    return inGroupStore({ kind: 'votes', proposalId: idAt(prefix, 2) });
  if (prefix.length === 10 && prefix[0] === 0x10 && prefix[1] === 0x00)
    return inGroupStore({ kind: 'members', groupId: idAt(prefix, 2) });
  if (prefix.length === 9 && prefix[0] === 0x22) return inGroupStore({ kind: 'policies', groupId: idAt(prefix, 1) });
  if (prefix[0] === 0x32) {
    const address = addressAfterLength(prefix, 1, bech32Prefix);
    if (!address) return refused("its address's length byte is not the address's length");
    return inGroupStore({ kind: 'policy-proposals', address });
  }
  if (prefix[0] === 0x02) {
    const address = addressAfterLength(prefix, 1, bech32Prefix);
    if (!address) return refused("its address's length byte is not the address's length");
    if (store !== 'bank') return refused("that prefix names an account's balances, which live in the bank store");
    return { kind: 'balances', address };
  }
  return refused(
    "the walks Polity reads are a proposal's votes (4000‖id), a group's members (1000‖id) or policies (22‖id), a policy's proposals (32‖length‖address) and an account's balances (02‖length‖address, in x/bank)",
  );
}
