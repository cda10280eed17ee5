import { createHash } from 'node:crypto';

import { MsgExec } from 'cosmjs-types/cosmos/group/v1/tx';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgCancelUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { handleArchive } from '../../api/archive-http.ts';
import type { NodePlan } from '../../node-records.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import type { AbciEventData, FetchedBlock } from '../../source/rpc-reader.ts';
import { ArchiveStore } from '../../store/archive-store.ts';
import type { FollowerState } from '../lane/follower-state.ts';
import { OpenWork } from '../lane/open-work.ts';
import { decodeBlock } from './decode-block.ts';
import { readBlocks } from './due-reads.ts';
import { prepareBlock } from './fetch-blocks.ts';
import { writeBlocks } from './write-batch.ts';

// An upgrade plan changes with no upgrade event: the archive reads the plan at the height of what
// may have changed it. Blocks here have the shapes a v0.50.13 node answers with: x/gov's
// end-blocker passing a proposal (`active_proposal` in finalize_block_events, plain attribute
// values), a group proposal executed by MsgExec (typed x/group events, JSON attribute values),
// and a transaction of the upgrade authority.

const GOV_AUTHORITY = 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn';
const event = (type: string, attributes: Record<string, string>): AbciEventData => ({
  type,
  attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })),
});
const txOf = (typeUrl: string, value: Uint8Array) =>
  TxRaw.encode({
    bodyBytes: TxBody.encode(TxBody.fromPartial({ messages: [{ typeUrl, value }] })).finish(),
    authInfoBytes: new Uint8Array(),
    signatures: [],
  }).finish();

function block(height: bigint, txs: Uint8Array[], results: AbciEventData[][], finalize: AbciEventData[]): FetchedBlock {
  return {
    height,
    hash: `HASH${height}`,
    lastBlockHash: '',
    time: new Date(Date.UTC(2026, 10, 23, 7, 0, Number(height))).toISOString().replace('Z', '000000Z'),
    txs,
    results: results.map((events) => ({ code: 0, events })),
    finalizeEvents: finalize,
  };
}

/** A group proposal executed: its own events, as a v0.50.13 node emits them for MsgExec. */
const execEvents = (id: string) => [
  event('message', { action: '/cosmos.group.v1.MsgExec', sender: 'cosmos1exec', module: 'group', msg_index: '0' }),
  event('cosmos.group.v1.EventProposalPruned', {
    proposal_id: `"${id}"`,
    status: '"PROPOSAL_STATUS_ACCEPTED"',
    tally_result: '{"yes_count":"2","abstain_count":"0","no_count":"0","no_with_veto_count":"0"}',
    msg_index: '0',
  }),
  event('cosmos.group.v1.EventExec', {
    logs: '""',
    proposal_id: `"${id}"`,
    result: '"PROPOSAL_EXECUTOR_RESULT_SUCCESS"',
    msg_index: '0',
  }),
];
const execTxOf = (id: bigint) =>
  txOf('/cosmos.group.v1.MsgExec', MsgExec.encode({ proposalId: id, executor: 'cosmos1exec' }).finish());

// In the block x/gov passes the plan, a group proposal that has nothing to do with upgrades is executed too.
const govPassed = block(
  93n,
  [execTxOf(5n)],
  [execEvents('5')],
  [
    event('active_proposal', {
      proposal_id: '1',
      proposal_result: 'proposal_passed',
      proposal_log: 'passed',
      mode: 'EndBlock',
    }),
  ],
);
const groupExec = block(120n, [execTxOf(7n)], [execEvents('7')], []);
const cancelTx = txOf(
  '/cosmos.upgrade.v1beta1.MsgCancelUpgrade',
  MsgCancelUpgrade.encode({ authority: GOV_AUTHORITY }).finish(),
);
const cancelled = block(
  130n,
  [cancelTx],
  [[event('message', { action: '/cosmos.upgrade.v1beta1.MsgCancelUpgrade' })]],
  [],
);

/** The node's plan at each height: scheduled by gov at 93, replaced by the group at 120, cancelled at 130. */
function planAt(height: bigint): NodePlan | null {
  if (height >= 130n) return null;
  if (height >= 120n) return { name: 'v2-borealis', height: '200', info: '{}' };
  if (height >= 93n) return { name: 'polity-test', height: '102', info: '{}' };
  return null;
}

/** Group proposal 7 carries MsgSoftwareUpgrade (its policy is the upgrade authority); 5 only a bank send. */
const groupProposal = (id: string) => ({
  id,
  messages: [
    id === '7'
      ? { '@type': '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade', authority: 'cosmos1policy', plan: planAt(120n) }
      : { '@type': '/cosmos.bank.v1beta1.MsgSend', from_address: 'cosmos1policy', to_address: 'cosmos1x', amount: [] },
  ],
});

const node = {
  currentPlan: async (height: bigint) => planAt(height),
  appliedHeight: async () => 0n,
  proposal: async (id: string) => groupProposal(id),
  moduleVersions: async () => [],
} as unknown as RestReader;

describe('upgrades however scheduled', () => {
  let store: ArchiveStore;
  beforeAll(async () => {
    store = await ArchiveStore.open(':memory:');
  }, 60_000);
  afterAll(() => store.close());

  it('finds what may change the plan in a block: a passed gov proposal, a group execution, an authority tx', () => {
    expect(decodeBlock(govPassed).planSources).toEqual(['group:5', 'gov:1']);
    expect(decodeBlock(groupExec).planSources).toEqual(['group:7']);
    const hash = createHash('sha256').update(cancelTx).digest('hex').toUpperCase();
    expect(decodeBlock(cancelled).planSources).toEqual([`tx:${hash}`]);
    const rejected = block(
      94n,
      [],
      [],
      [event('active_proposal', { proposal_id: '2', proposal_result: 'proposal_rejected' })],
    );
    expect(decodeBlock(rejected).planSources).toEqual([]);
  });

  it('archives each plan with what scheduled it, and what replaced or cancelled it', async () => {
    for (const fetched of [govPassed, groupExec, cancelled]) {
      const work = await OpenWork.load(store.db);
      const planned = await readBlocks(node, work, [prepareBlock(node, fetched)], new Map());
      await writeBlocks(store, work, planned);
    }
    const state = { phase: 'following', blocksPerSecond: 0, nodeLatestHeight: null } as unknown as FollowerState;
    const answer = await handleArchive(
      { store, follower: { state }, source: { rest: '', rpc: '' } },
      'GET',
      'upgrades',
      '',
    );
    const body = JSON.parse(answer.body) as { scheduled: unknown; applied: unknown[]; cancelled: unknown[] };
    expect(body.scheduled).toBeNull();
    expect(body.applied).toEqual([]);
    const hash = createHash('sha256').update(cancelTx).digest('hex').toUpperCase();
    expect(body.cancelled).toEqual([
      expect.objectContaining({
        name: 'polity-test',
        height: '102',
        scheduled_at_height: '93',
        scheduled_by: { kind: 'gov', id: '1' },
        cancelled_at_height: '120',
        cancelled_by: { kind: 'group', id: '7' },
      }),
      expect.objectContaining({
        name: 'v2-borealis',
        height: '200',
        scheduled_at_height: '120',
        scheduled_by: { kind: 'group', id: '7' },
        cancelled_at_height: '130',
        cancelled_by: { kind: 'tx', id: hash },
      }),
    ]);
  });
});
