import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChainMsg } from '../../../node/chain/tx/chain-msgs.ts';
import { updateMembersMsg, withdrawMsg } from '../../../node/sim/activity/tx-messages.ts';
import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { startFaultProxy } from '../../../test/fault-proxy.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { handleArchive } from '../../api/archive-http.ts';
import type { Row, SqlDatabase } from '../../store/db/sql-database.ts';

// A node that keeps blocks further back than states: below its first kept state the archive
// still takes what the blocks' transactions and events prove. Two nodes with one seed make one
// chain, so an archive that followed every block from the genesis of a node that kept every
// state says what the pruned one must hold there.

interface Status {
  earliest_height: string | null;
  gaps: { from_height: string; to_height: string; reason: string }[];
}

const BLOCKS = 260;
const STEP_MS = 3000;
/** States the pruned node keeps: its first kept state is this far below its tip. */
const KEEP_RECENT = 40;

/**
 * Beside the simulated users, in both chains alike: a member's weight set twice (the blocks show
 * the second change whole) before they leave, another member leaving whose weight the blocks
 * never showed, and a proposal withdrawn.
 */
function makeChain(h: Harness): void {
  const { node } = h;
  const community = node.cast.groups.community;
  const admin = node.cast.people.carol;
  const [reweighted, leaving] = [0, 1].map((index) => node.group.store.membersOf(community).valueAt(index).address);
  const leave = (address: string): ChainMsg => ({
    typeUrl: '/cosmos.group.v1.MsgLeaveGroup',
    value: { address, groupId: community },
  });
  const script: (() => ChainMsg)[] = [
    () => updateMembersMsg(admin, community, [{ address: reweighted, weight: '5' }]),
    () => updateMembersMsg(admin, community, [{ address: reweighted, weight: '7.50' }]),
    () => leave(reweighted),
    () => leave(leaving),
    () => {
      const open = [...node.group.store.proposals.values()].find(
        (proposal) =>
          proposal.status === 'PROPOSAL_STATUS_SUBMITTED' &&
          node.cast.livePolicies.includes(proposal.policyAddress) &&
          proposal.votingPeriodEnd > node.time + STEP_MS,
      );
      if (!open) throw new Error('no open proposal to withdraw');
      return withdrawMsg(open.id, open.proposers[0]);
    },
  ];
  for (const message of script) {
    node.advance(20, STEP_MS);
    node.inject(message());
  }
  node.advance(BLOCKS - 20 * script.length, STEP_MS);
}

async function earliestBlock(h: Harness): Promise<bigint> {
  const answer = (await h.get('/rpc/status')).json as { result: { sync_info: { earliest_block_height: string } } };
  return BigInt(answer.result.sync_info.earliest_block_height);
}

/** Rows of the heights [from, to] that blocks alone prove. */
async function provenRows(db: SqlDatabase, from: bigint, to: bigint) {
  const range = [String(from), String(to)];
  const votes = await db.query(
    `SELECT proposal_id::text AS proposal_id, voter, option, metadata, height::text AS height, tx_hash, submit_time
     FROM votes WHERE height BETWEEN $1::numeric AND $2::numeric ORDER BY proposal_id, voter`,
    range,
  );
  const timeline = await db.query(
    `SELECT proposal_id::text AS proposal_id, height::text AS height, seq, block_time, kind, status, detail, tx_hash
     FROM proposal_timeline WHERE height BETWEEN $1::numeric AND $2::numeric
       AND (kind IN ('submitted', 'executed', 'pruned') OR (kind = 'status' AND status = 'PROPOSAL_STATUS_WITHDRAWN'))
     ORDER BY proposal_id, height, seq`,
    range,
  );
  // The messages of a proposal the archive rebuilt are kept as their bytes, not the node's JSON.
  const proposals = await db.query<Row & { id: string; group_version: string }>(
    `SELECT p.id::text AS id, p.group_id::text AS group_id, p.policy_address, p.proposers, p.metadata, p.title,
       p.summary, p.submit_time, p.voting_period_end, p.group_policy_version::text AS group_policy_version,
       p.status, p.executor_result, p.final_tally, p.on_chain, p.pruned_height::text AS pruned_height,
       p.known_from::text AS known_from, p.group_version::text AS group_version
     FROM proposals p JOIN proposal_timeline t ON t.proposal_id = p.id AND t.kind = 'submitted'
     WHERE t.height BETWEEN $1::numeric AND $2::numeric ORDER BY p.id`,
    range,
  );
  const groupHistory = await db.query<{
    height: string;
    kind: string;
    address: string | null;
    old_value: string | null;
    new_value: string | null;
  }>(
    `SELECT height::text AS height, kind, address, old_value, new_value FROM group_history
     WHERE height BETWEEN $1::numeric AND $2::numeric ORDER BY height, seq`,
    range,
  );
  return {
    votes,
    timeline,
    proposals: proposals.map(({ group_version: _version, ...proposal }) => proposal),
    groupVersions: new Map(proposals.map(({ id, group_version }) => [id, group_version])),
    groupHistory,
  };
}

describe.each(DATABASE_KINDS)('a pruned node on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  let pruned: Harness;
  /** What an archive of every block holds of the heights whose state the pruned node lost. */
  let truth: Awaited<ReturnType<typeof provenRows>>;
  let earliest: bigint;
  let kept: bigint;

  async function node(keepRecent: number): Promise<Harness> {
    const h = await startHarness({ seed: 'pruned-history', livePeriodS: 30, keepRecent });
    cleanups.push(() => h.close());
    makeChain(h);
    return h;
  }

  async function archiveOf(
    base: string,
    height: bigint,
    from: 'earliest' | 'genesis',
    log?: (line: string) => void,
  ): Promise<TestArchive> {
    const database = await kind.create();
    cleanups.push(database.drop);
    const archive = await followNode(base, database.database, undefined, { from, log });
    cleanups.push(() => archive.close());
    await archivedUpTo(archive, height, 120_000);
    return archive;
  }

  beforeAll(async () => {
    const full = await node(BLOCKS + 10);
    pruned = await node(KEEP_RECENT);
    earliest = await earliestBlock(pruned);
    kept = pruned.node.height - BigInt(KEEP_RECENT) + 1n;
    expect(kept).toBeGreaterThan(earliest + 100n);
    truth = await provenRows((await archiveOf(full.base, full.node.height, 'genesis')).db, earliest, kept - 1n);
    // The chain did enough below the kept state for the comparisons to mean something.
    expect(truth.votes.length).toBeGreaterThan(100);
    for (const kindOf of ['submitted', 'executed', 'pruned', 'status'])
      expect(truth.timeline.filter((entry) => entry.kind === kindOf).length).toBeGreaterThan(0);
  }, 300_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The pruned node's archive holds of those heights what an archive of every block holds, as far as blocks prove it. */
  async function expectProvenHistory(archive: TestArchive): Promise<void> {
    const taken = await provenRows(archive.db, earliest, kept - 1n);
    expect(taken.votes).toEqual(truth.votes);
    expect(taken.timeline).toEqual(truth.timeline);
    // Each proposal as the kept state holds it (decided later, or still open) or as its blocks left it.
    expect(taken.proposals).toEqual(truth.proposals);
    expect(taken.proposals.some((proposal) => proposal.on_chain === true)).toBe(true);
    expect(taken.proposals.some((proposal) => proposal.pruned_height !== null)).toBe(true);
    // Following block by block, a proposal executed and pruned in its own transaction is rebuilt
    // without its group's version ('0'); counted back from the kept state, it is known.
    for (const [id, version] of truth.groupVersions)
      if (version !== '0') expect(taken.groupVersions.get(id), `group version of proposal ${id}`).toBe(version);
    expect([...taken.groupVersions.values()]).not.toContain('0');
    // Membership: only what the messages show whole, each as the archive of every block has it.
    const changes = taken.groupHistory.map((row) => `${row.kind} ${row.old_value ?? '?'}→${row.new_value ?? '-'}`);
    expect(changes).toEqual(['weight_changed 5→7.50', 'member_removed 7.50→-', 'member_removed ?→-']);
    for (const row of taken.groupHistory) {
      const same = truth.groupHistory.find((entry) => entry.height === row.height && entry.address === row.address);
      // A removal whose weight the blocks never showed says so rather than guess it.
      expect(same).toEqual({ ...row, old_value: row.old_value ?? same?.old_value });
    }
  }

  it("takes from the blocks below its first kept state what their events prove, through the node's index, and says what it could not confirm", async () => {
    const lines: string[] = [];
    const archive = await archiveOf(pruned.base, pruned.node.height, 'earliest', (line) => lines.push(line));
    expect(lines.some((line) => line.includes("where the node's index shows activity"))).toBe(true);
    const status = JSON.parse((await handleArchive(archive, 'GET', 'status', '')).body) as Status;
    expect(status.earliest_height).toBe(String(kept));
    await expectProvenHistory(archive);
    const gap = status.gaps.find((entry) => entry.from_height === String(earliest));
    expect(gap?.to_height).toBe(String(kept - 1n));
    expect(gap?.reason).toMatch(/^blocks \d+-\d+ are on the node but their state was pruned: /);
    expect(gap?.reason).toMatch(/votes, submissions, executions, withdrawals, prunes/);
    expect(gap?.reason).toMatch(/decisions at voting end, vote weights, .* are not confirmed$/);
  }, 300_000);

  it('reads every block below the first kept state when the index leaves heights out', async () => {
    const proxy = await startFaultProxy(pruned.base);
    cleanups.push(() => proxy.close());
    proxy.faults.hideTransactions = true;
    const lines: string[] = [];
    const archive = await archiveOf(proxy.base, pruned.node.height, 'earliest', (line) => lines.push(line));
    expect(lines.some((line) => line.includes('read for their events: all '))).toBe(true);
    await expectProvenHistory(archive);
  }, 300_000);
});
