import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import {
  archiveDump,
  archivedUpTo,
  DATABASE_KINDS,
  followNode,
  type TestArchive,
} from '../../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { handleArchive } from '../../api/archive-http.ts';

// An archive with gaps fills them in the background from a node that has those heights, while it
// goes on following: afterwards it equals, row for row, an archive that followed live from the
// same height.

interface Status {
  fill: { phase: string; from_height: string; to_height: string; done_blocks: string; total_blocks: string } | null;
  fill_problem: string | null;
  gaps: { from_height: string; to_height: string; reason: string }[];
}

const statusOf = async (archive: TestArchive) =>
  JSON.parse((await handleArchive(archive, 'GET', 'status', '')).body) as Status;

describe.each(DATABASE_KINDS)('gap fill on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** `reopened`: one that must keep its rows across a close (PGlite in a directory, not in memory). */
  async function database(reopened = false): Promise<string> {
    if (reopened && kind.kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'polity-gap-fill-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return dir;
    }
    const made = await kind.create();
    cleanups.push(made.drop);
    return made.database;
  }

  async function archiveOf(h: Harness, db: string, tuning: Parameters<typeof followNode>[3] = {}) {
    const archive = await followNode(h.base, db, undefined, { fillRecheckMs: 200, ...tuning });
    // Closed once, whether by the test (to restart it) or at the end.
    const closing = { done: null as Promise<void> | null };
    const close = () => (closing.done ??= archive.close());
    cleanups.push(close);
    return { ...archive, close };
  }

  async function harness(seed: string, keep: { keepRecent: number; keepBlocks?: number }): Promise<Harness> {
    const h = await startHarness({ seed, livePeriodS: 30, ...keep });
    cleanups.push(() => h.close());
    return h;
  }

  /** Blocks made ten at a time, each archive catching up in between (as a live chain goes on). */
  async function live(nodes: Harness[], archives: TestArchive[], blocks: number): Promise<void> {
    for (let made = 0; made < blocks; made += 10) {
      for (const node of nodes) node.node.advance(10, 3000);
      for (const archive of archives) await archivedUpTo(archive, nodes[0].node.height, 120_000);
    }
  }

  async function filled(archive: TestArchive, reference: TestArchive): Promise<void> {
    const deadline = Date.now() + 180_000;
    const want = JSON.stringify((await statusOf(reference)).gaps);
    while (Date.now() < deadline) {
      const status = await statusOf(archive);
      if (status.fill === null && JSON.stringify(status.gaps) === want) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`gaps not filled: ${JSON.stringify(await statusOf(archive))}`);
  }

  it('an archive begun at the latest block fills the history before it while following, then equals one that followed live', async () => {
    const h = await harness('gap-fill-before', { keepRecent: 3000 });
    h.node.advance(1, 3000);
    const reference = await archiveOf(h, await database());
    await live([h], [reference], 150);
    const lines: string[] = [];
    const late = await archiveOf(h, await database(), { from: 'latest', log: (line) => lines.push(line) });
    await archivedUpTo(late, h.node.height, 120_000);
    const begun = await statusOf(late);
    expect(begun.gaps.map((gap) => gap.to_height)).toEqual([String(h.node.height - 1n)]);
    // The chain goes on while the history fills in behind the archive.
    await live([h], [reference, late], 60);
    await filled(late, reference);
    await archivedUpTo(late, h.node.height, 120_000);
    await archivedUpTo(reference, h.node.height, 120_000);
    expect(lines.some((line) => /gaps filled: \d+ heights/.test(line))).toBe(true);
    expect(await archiveDump(late)).toBe(await archiveDump(reference));
    // The fill is gone once taken, and nothing is left to fill.
    expect((await statusOf(late)).fill).toBeNull();
    const schemas = await late.db.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'archive_fill_%'`);
    expect(schemas).toEqual([]);
  }, 400_000);

  it('an outage longer than the node’s window is filled from an archive node of the same chain', async () => {
    // The same seed makes the same chain: one node keeps 30 blocks, the other all of them.
    const pruned = await harness('gap-fill-outage', { keepRecent: 30, keepBlocks: 30 });
    const full = await harness('gap-fill-outage', { keepRecent: 3000 });
    for (const h of [pruned, full]) h.node.advance(1, 3000);
    const referenceDb = await database();
    const reference = await archiveOf(full, referenceDb);
    const outageDb = await database(true);
    let suffering = await archiveOf(pruned, outageDb);
    await live([pruned, full], [reference, suffering], 40);
    await suffering.close();
    await live([pruned, full], [reference], 80);
    suffering = await archiveOf(pruned, outageDb);
    await archivedUpTo(suffering, pruned.node.height, 120_000);
    const cut = await statusOf(suffering);
    expect(cut.gaps.some((gap) => /were pruned on the node/.test(gap.reason))).toBe(true);
    // This node cannot give those heights, and says so.
    const deadline = Date.now() + 30_000;
    while ((await statusOf(suffering)).fill_problem === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await statusOf(suffering)).fill_problem).toMatch(/\(in gaps\) cannot be filled from this node/);
    await suffering.close();
    // Pointed at a node that keeps every height, the archive fills its outage while following.
    const healed = await archiveOf(full, outageDb);
    await live([pruned, full], [reference, healed], 30);
    await filled(healed, reference);
    await archivedUpTo(healed, full.node.height, 120_000);
    await archivedUpTo(reference, full.node.height, 120_000);
    expect(await archiveDump(healed)).toBe(await archiveDump(reference));
  }, 400_000);
});
