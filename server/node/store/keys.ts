// Key layouts of the SDK's group ORM: a uint64 part is 8 bytes big-endian, an address is its raw
// bytes. Keys are latin1 strings so that JavaScript string order is byte order.

/**
 * Forces V8 to flatten a concatenated (rope) string now. Keys are built by concatenation; left as
 * ropes, each is flattened on its first comparison, which makes the first read of a cold region
 * of a large table several times slower than later reads.
 */
export function flat(s: string): string {
  s.charCodeAt(0);
  return s;
}

/** A uint64 as the 8-byte big-endian key part the ORM writes. */
export function u64Key(n: bigint): string {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(n);
  return b.toString('latin1');
}

/** A policy's RowID is its 32-byte address behind a 0x20 length byte. */
export const POLICY_ROW_PREFIX = '\x20';
