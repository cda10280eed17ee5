import type { HeaderVault, VerifiedBlock } from '../../source/light-client.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import {
  saveSignedHeaders,
  saveValidatorSet,
  signedHeaderAtOrBelow,
  type StoredSignedHeader,
} from '../../store/proofs/proof-store.ts';

// The light client's memory of verified headers, kept in the archive's database so a restart
// (or another process on the same database) never checks a header's signatures twice.
// A backfill verifies a header for each block it reads, and the prover asks again for the very
// headers just verified: a query for each, and a statement to save each, cost more than checking
// their signatures. So the headers verified lately are kept in memory, saved a few dozen at a
// time (before any proof that names them: `saved`), and the store is asked only for heights it
// may hold that memory does not — at or below its highest header when this vault first looked,
// or one memory let go of. A header lost to a crash before it was saved is verified again.

/** Verified headers kept in memory; the oldest make room. */
const RECENT_HEADERS = 4096;
/** Verified headers waiting to be saved, at most. */
const SAVED_TOGETHER = 64;

const storedOf = (block: VerifiedBlock): StoredSignedHeader => ({
  height: BigInt(block.header.height),
  hash: block.hash,
  header: block.header,
  commit: block.commit,
  validators: block.validators,
  parent: block.parent,
});

const verifiedOf = (stored: StoredSignedHeader): VerifiedBlock => ({
  header: stored.header,
  hash: stored.hash,
  validators: stored.validators,
  commit: stored.commit,
  parent: stored.parent,
});

/** Above any uint64 height. */
const MOST_HEIGHT = 1n << 64n;

export function headerVault(db: ArchiveStore['db']): HeaderVault {
  const recent = new Map<bigint, VerifiedBlock>();
  /** Validator sets this vault has saved: a set signs many headers and is saved once. */
  const savedSets = new Set<string>();
  let waiting: VerifiedBlock[] = [];
  /** Heights above this the store holds only if this vault saved them (so memory has them). Undefined: not looked yet. */
  let storeMayHold: bigint | null | undefined;
  let highest: StoredSignedHeader | null = null;

  const remember = (height: bigint, block: VerifiedBlock) => {
    recent.delete(height);
    recent.set(height, block);
    if (recent.size <= RECENT_HEADERS) return;
    const oldest = recent.keys().next().value as bigint;
    recent.delete(oldest);
    if (storeMayHold === undefined || storeMayHold === null || oldest > storeMayHold) storeMayHold = oldest;
  };

  const saveWaiting = async () => {
    const blocks = waiting;
    waiting = [];
    for (const block of blocks) {
      const setHash = block.header.validators_hash.toUpperCase();
      if (savedSets.has(setHash)) continue;
      await saveValidatorSet(db, setHash, block.validators);
      savedSets.add(setHash);
    }
    await saveSignedHeaders(db, blocks.map(storedOf));
  };

  return {
    async atOrBelow(height) {
      const known = recent.get(height);
      if (known) return known;
      if (storeMayHold === undefined) {
        // The store's highest header stands in for any height above it (a restart goes on from it).
        highest = await signedHeaderAtOrBelow(db, MOST_HEIGHT);
        storeMayHold = highest?.height ?? null;
      }
      if (storeMayHold === null || height > storeMayHold) return highest && verifiedOf(highest);
      const stored = await signedHeaderAtOrBelow(db, height);
      if (!stored) return null;
      const block = verifiedOf(stored);
      remember(stored.height, block);
      return block;
    },
    async save(block) {
      remember(BigInt(block.header.height), block);
      waiting.push(block);
      if (waiting.length >= SAVED_TOGETHER) await saveWaiting();
    },
    async saved() {
      if (waiting.length > 0) await saveWaiting();
    },
  };
}
