import { afterAll, describe, expect, it } from 'vitest';

import { chainTimeText } from '../../../node/chain/chain-time.ts';
import {
  archiveDump,
  archivedUpTo,
  DATABASE_KINDS,
  followNode,
  type TestArchive,
} from '../../../test/archive-harness.ts';
import { GENESIS, startHarness, type Harness } from '../../../test/harness.ts';

// An archive begun at the chain's genesis (`--archive-from genesis`, the x/group state of the
// embedded node's /genesis and then every block) against one begun at its earliest block, on a
// node that keeps every block and state since the chain began.

const EVERYTHING = 1_000_000;

describe.each(DATABASE_KINDS)('an archive begun at genesis on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function archiveOf(h: Harness, from: 'genesis' | 'earliest'): Promise<TestArchive> {
    const database = await kind.create();
    cleanups.push(database.drop);
    const archive = await followNode(h.base, database.database, undefined, { from });
    cleanups.push(() => archive.close());
    return archive;
  }

  it('equals, row for row, one begun at the earliest block: they differ only in where each begins', async () => {
    const h = await startHarness({
      seed: 'genesis-archive-28',
      livePeriodS: 30,
      keepRecent: EVERYTHING,
      keepBlocks: EVERYTHING,
    });
    cleanups.push(() => h.close());
    // Past the height of the plan the genesis state holds scheduled (x/upgrade's genesis is empty:
    // the archive learns it from the first block's state).
    h.node.advance(120, 3000);
    const fromGenesis = await archiveOf(h, 'genesis');
    const fromEarliest = await archiveOf(h, 'earliest');
    await archivedUpTo(fromGenesis, h.node.height, 120_000);
    await archivedUpTo(fromEarliest, h.node.height, 120_000);

    const first = h.node.blocks.base!;
    const genesisDump = JSON.parse(await archiveDump(fromGenesis)) as Dump;
    const earliestDump = JSON.parse(await archiveDump(fromEarliest)) as Dump;
    const applied = genesisDump.upgrades.filter((plan) => BigInt(String(plan.applied_height ?? 0)) > first);
    expect(applied).toEqual([expect.objectContaining({ scheduled_height: null })]);
    expect(genesisDump.module_versions).toContainEqual(expect.objectContaining({ height: applied[0].height }));
    // The archive begun at the earliest block starts from the state after that block: had the
    // block decided or pruned a proposal, only the genesis archive would know its votes (this
    // seed's first block only adds votes, which both read from it).
    const atFirst = (rows: Row[]) => rows.filter((row) => row.height === String(first));
    expect(atFirst(genesisDump.proposal_timeline)).toEqual([]);
    expect(atFirst(genesisDump.group_history)).toEqual([]);
    // It records the heights before it as a gap; the genesis archive has none.
    expect(earliestDump.archive_gaps).toEqual([
      expect.objectContaining({ from_height: '1', to_height: String(first - 1n) }),
    ]);
    earliestDump.archive_gaps = [];
    const begun = { height: String(first), time: chainTimeText(h.node.blocks.get(first)!.time) };
    const mapped = beginAt(genesisDump, { height: String(first - 1n), time: chainTimeText(GENESIS) }, begun);
    for (const table of Object.keys(earliestDump)) expect(mapped[table], table).toEqual(earliestDump[table]);
  }, 240_000);
});

type Row = Record<string, unknown>;
type Dump = Record<string, Row[]>;

/**
 * The genesis archive's rows as if it had begun where the other did: the genesis is recorded at
 * the height before the first block and at the genesis time, the other's first state at the first
 * block's height and time.
 */
function beginAt(dump: Dump, genesis: { height: string; time: string }, begun: { height: string; time: string }): Dump {
  const heightFields = ['height', 'known_from', 'updated_height'];
  const moved = (row: Row): Row => {
    const copy = { ...row };
    for (const field of heightFields) if (copy[field] === genesis.height) copy[field] = begun.height;
    if (row.height === genesis.height && copy.block_time === genesis.time) copy.block_time = begun.time;
    return copy;
  };
  return Object.fromEntries(Object.entries(dump).map(([table, rows]) => [table, rows.map(moved)]));
}
