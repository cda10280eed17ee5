import { createHash } from 'node:crypto';

const sha256 = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

// address.Module("group", []byte{0x00}) followed by address.Derive with the policy sequence,
// i.e. the account address x/group gives the seq-th group policy.
const MODULE_KEY = sha256(sha256(Buffer.from('module')), Buffer.from('group'), Buffer.from([0x00, 0x20]));
const MODULE_KEY_HASH = sha256(MODULE_KEY);

export function policyAddressBytes(seq: bigint): Buffer {
  const be = Buffer.alloc(8);
  be.writeBigUInt64BE(seq);
  return sha256(MODULE_KEY_HASH, be);
}
