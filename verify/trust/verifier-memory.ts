import { bytesEqual, hexOf } from '../bytes.ts';
import type { Checked } from '../problem-codes.ts';
import type { CommitJson } from './rpc-json.ts';

// What one verifier remembers while it works: a bundle carries the same validator set with each
// of its thousands of headers, a skipping step checks a commit's signatures twice (against its own
// set and the trusted one), and a browser checks every signature natively before the walk. The
// memory belongs to a verification (a bundle's check, an archive's light client), never to the
// module: two checks share nothing, and one check's results never depend on another's.

export type SetHash = Checked<{ hash: string; total: bigint }>;
type SignParts = { chainId: string; head: number[]; chain: number[] } | null;

const SETS_REMEMBERED = 64;
const SIGNATURES_REMEMBERED = 1 << 16;

export class VerifierMemory {
  private readonly sets = new Map<string, SetHash>();
  /** By signature (hex): the key and signed bytes it was seen to verify for. Only successes. */
  private readonly signatures = new Map<string, { key: Uint8Array; message: Uint8Array }>();
  /** The parts of a commit's CanonicalVote its precommits share, worked out once per commit. */
  readonly signParts = new WeakMap<CommitJson, SignParts>();

  /** A set's hash, by the JSON of its fields (no two sets may share a key), worked out once. */
  setHash(said: string, compute: () => SetHash): SetHash {
    const remembered = this.sets.get(said);
    if (remembered) return remembered;
    const hashed = compute();
    if (this.sets.size >= SETS_REMEMBERED) this.sets.clear();
    this.sets.set(said, hashed);
    return hashed;
  }

  /** Records a signature seen to verify by a check at least as strict as ZIP-215's. */
  rememberSignature(signature: Uint8Array, message: Uint8Array, key: Uint8Array): void {
    if (this.signatures.size >= SIGNATURES_REMEMBERED) this.signatures.clear();
    this.signatures.set(hexOf(signature), { key, message });
  }

  /** Whether this very signature was seen to verify for this key and these bytes. */
  signatureSeen(signature: Uint8Array, message: Uint8Array, key: Uint8Array): boolean {
    const seen = this.signatures.get(hexOf(signature));
    return seen !== undefined && bytesEqual(seen.key, key) && bytesEqual(seen.message, message);
  }
}
