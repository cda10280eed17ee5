import { failed } from '../../verify/problem-codes.ts';
import { merkleRoot as merkleRootBytes } from '../../verify/records/merkle.ts';
import { headerHashOf, type HeaderJson } from '../../verify/trust/header.ts';

export { timestampOf } from '../../verify/trust/header.ts';
export type { HeaderJson } from '../../verify/trust/header.ts';

// CometBFT's hashes have one home, the verifier (verify/): the node names its blocks with the very
// code the archive, the command line and the browser check them with. This module only adapts it
// to the server's Buffers.

/** RFC 6962 Merkle root, as CometBFT's merkle.HashFromByteSlices computes it. */
export const merkleRoot = (items: readonly Uint8Array[]): Buffer => Buffer.from(merkleRootBytes(items));

/**
 * The hash of a header given as the RPC writes it, in upper hex; '' for a header without a
 * validators hash (a block of a chain begun before headers were hashed), which has none.
 */
export function headerJsonHash(header: HeaderJson): string {
  const hashed = headerHashOf(header);
  if (!failed(hashed)) return hashed.hash;
  if (header.validators_hash === '') return '';
  throw new Error(hashed.problem);
}
