import { unknownError } from '../../lib/grpc-status.ts';
import { decodeAccAddress } from '../lib/bech32-sdk.ts';

// The errors the group and upgrade query servers return, worded as a v0.50 node words them.

export const notFound = (what?: string) =>
  unknownError(what ? `codespace sdk code 38: not found: ${what}` : 'codespace sdk code 38: not found');

/** The account codec's StringToBytes: the key bytes (latin1) or the codec's own error. */
export function addressKeyOf(address: string): string {
  const decoded = decodeAccAddress(address);
  if (!Buffer.isBuffer(decoded)) throw unknownError(decoded.message);
  return decoded.toString('latin1');
}
