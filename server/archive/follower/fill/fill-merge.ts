import type { ArchiveStore } from '../../store/archive-store.ts';
import { gapHeightsWithin, gapsInside, readReach, takeFilledHistory } from '../../store/cursor/history-swap.ts';

/**
 * Takes the fill's history (in `schema`, open as `fillStore`) into the archive when it holds the
 * same block at the archive's cursor and fewer gaps; says what it did.
 */
export async function takeFill(
  archiveStore: ArchiveStore,
  fillStore: ArchiveStore,
  schema: string,
  target: bigint,
): Promise<{ merged: boolean; said: string }> {
  const [archive, fill] = await Promise.all([readReach(archiveStore.db), readReach(fillStore.db)]);
  if (!archive.cursor || !fill.cursor || fill.cursor.height !== archive.cursor.height)
    throw new Error(`the fill stopped at height ${fill.cursor?.height ?? 'none'}, not at ${target}`);
  // An archive that came back after an outage holds no hash for the block where it resumed.
  if (archive.cursor.hash !== '' && fill.cursor.hash !== archive.cursor.hash)
    throw new Error(
      `the fill's block ${target} is ${fill.cursor.hash}, but the archive's is ${archive.cursor.hash}: not the same chain; nothing merged`,
    );
  const before = gapHeightsWithin(archive.gaps, 1n, target);
  const after = gapHeightsWithin(fill.gaps, 1n, target);
  // Every height the fill misses must be one the archive misses too: else it would lose rows.
  if (after >= before || !gapsInside(fill.gaps, archive.gaps, target)) {
    return {
      merged: false,
      said: `a gap fill from the node would not have filled the archive's gaps without opening others (${before} heights in gaps before, ${after} after); nothing merged`,
    };
  }
  await archiveStore.write((tx) => takeFilledHistory(tx, schema));
  // The history it replaced is dead rows now: on PGlite nothing would clear them or re-plan.
  await archiveStore.compact();
  return {
    merged: true,
    said: `gaps filled: ${before - after} heights up to ${target} now archived from the node; ${after} remain in gaps`,
  };
}
