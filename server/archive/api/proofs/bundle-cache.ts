import { createHash } from 'node:crypto';

import { keepBundle, readKeptBundle, type KeptBundle } from '../../store/proofs/bundle-files.ts';
import type { ArchiveSource } from '../archive-source.ts';

// A bundle that can no longer change is built once: kept in this process's memory (the most
// recently asked first, within a bound) and in the archive's database, where every reader of it
// finds it. A reader on a read-only standby keeps it in memory only: the writer's database is
// where the next reader on the primary finds it.

const MEMORY_BYTES = 256 * 1024 * 1024;

class RecentBundles {
  private readonly entries = new Map<string, KeptBundle>();
  private bytes = 0;

  get(request: string): KeptBundle | undefined {
    const kept = this.entries.get(request);
    if (kept) {
      this.entries.delete(request);
      this.entries.set(request, kept);
    }
    return kept;
  }

  put(request: string, bundle: KeptBundle): void {
    if (this.entries.has(request) || bundle.body.length > MEMORY_BYTES) return;
    this.entries.set(request, bundle);
    this.bytes += bundle.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= MEMORY_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}

const recent = new WeakMap<object, RecentBundles>();
const recentOf = (source: ArchiveSource) => {
  let bundles = recent.get(source.store);
  if (!bundles) recent.set(source.store, (bundles = new RecentBundles()));
  return bundles;
};

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The kept bytes of a bundle that can no longer change, if it was built before. */
export async function keptBundle(source: ArchiveSource, request: string): Promise<KeptBundle | null> {
  const remembered = recentOf(source).get(request);
  if (remembered) return remembered;
  const stored = await readKeptBundle(source.store.db, request).catch(() => null);
  if (stored) recentOf(source).put(request, stored);
  return stored;
}

export async function keepFinalBundle(source: ArchiveSource, request: string, bundle: KeptBundle): Promise<void> {
  recentOf(source).put(request, bundle);
  // A standby refuses writes: the bundle is then kept in memory only.
  await keepBundle(source.store.db, request, bundle).catch(() => undefined);
}
