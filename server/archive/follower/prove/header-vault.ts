import type { HeaderVault, VerifiedBlock } from '../../source/trust/light-client.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import {
  saveSignedHeaders,
  saveValidatorSet,
  signedHeaderAtOrBelow,
  type StoredSignedHeader,
} from '../../store/proofs/proof-store.ts';

// The light client's memory of verified headers, kept in the archive's database so a restart
// never checks a header's signatures twice (another process that wrote above this vault's first
// look may have some checked again: the writer seat keeps that rare).
// A backfill verifies a header for each block it reads, and the prover asks again for the very
// headers just verified: a query for each, and a statement to save each, cost more than checking
// their signatures. So the headers verified lately are kept in memory, saved a few dozen at a
// time (before any proof that names them: `saved`), and the store is asked only for heights it
// may hold that memory does not — at or below its highest header when this vault first looked,
// or one memory let go of. A header lost to a crash before it was saved is verified again.

/**
 * Verified headers kept in memory; the oldest make room. Each holds a commit with a signature per
 * validator (some 40 kB on a chain of 150): the prover works close behind the backfill, and an
 * older one is read from the store.
 */
const RECENT_HEADERS = 1024;
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
  /** Saves one after another: `saved` waits for one under way, not only for what still waits. */
  let saving: Promise<void> = Promise.resolve();
  /** Whether the store's highest header was looked up yet. */
  let looked = false;
  /** Heights above this the store holds only if this vault saved them (so memory has them). */
  let storeMayHold: bigint | null = null;
  let highest: StoredSignedHeader | null = null;

  const raise = (height: bigint | null) => {
    if (height !== null && (storeMayHold === null || height > storeMayHold)) storeMayHold = height;
  };

  const remember = (height: bigint, block: VerifiedBlock) => {
    recent.delete(height);
    recent.set(height, block);
    if (recent.size <= RECENT_HEADERS) return;
    const oldest = recent.keys().next().value as bigint;
    recent.delete(oldest);
    raise(oldest);
  };

  const saveWaiting = (): Promise<void> => {
    const next = saving.then(async () => {
      const blocks = waiting;
      waiting = [];
      if (blocks.length === 0) return;
      try {
        for (const block of blocks) {
          const setHash = block.header.validators_hash.toUpperCase();
          if (savedSets.has(setHash)) continue;
          await saveValidatorSet(db, setHash, block.validators);
          savedSets.add(setHash);
        }
        await saveSignedHeaders(db, blocks.map(storedOf));
      } catch (error) {
        // Not saved: they wait again, for the next save (a proof naming them waits with them).
        waiting = [...blocks, ...waiting];
        throw error;
      }
    });
    saving = next.catch(() => undefined);
    return next;
  };

  return {
    async atOrBelow(height) {
      const known = recent.get(height);
      if (known) return known;
      if (!looked) {
        // The store's highest header stands in for any height above it (a restart goes on from it).
        highest = await signedHeaderAtOrBelow(db, MOST_HEIGHT);
        looked = true;
        raise(highest?.height ?? null);
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
    saved: saveWaiting,
  };
}
