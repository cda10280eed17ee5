import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { NodeGroup, NodePolicy, NodeProposal } from '../node-records.ts';
import { ArchiveStore } from './archive-store.ts';
import { GroupHistoryRows, writeGroups } from './groups/group-writes.ts';
import { writePolicies } from './policies/policy-writes.ts';
import { loadProposalStates, ProposalRows } from './proposals/proposal-writes.ts';
import { readPlans } from './upgrades/upgrade-reads.ts';
import { PlanChangeRows, schedulePlan } from './upgrades/upgrade-writes.ts';

// The storage layer's upserts never let an older reading overwrite a newer one: a backfill or a
// late batch that reads a record at a lower height than the archive holds changes nothing.

const ADMIN = 'cosmos1admin';
const group = (metadata: string): NodeGroup => ({
  id: '7',
  admin: ADMIN,
  metadata,
  version: '1',
  total_weight: '3',
  created_at: '2026-11-01T00:00:00Z',
});
const policy = (metadata: string): NodePolicy => ({
  address: 'cosmos1policy',
  group_id: '7',
  admin: ADMIN,
  metadata,
  version: '1',
  decision_policy: { '@type': '/cosmos.group.v1.ThresholdDecisionPolicy', threshold: '1' },
  created_at: '2026-11-01T00:00:00Z',
});
const proposal = (status: string): NodeProposal => ({
  id: '42',
  group_policy_address: 'cosmos1policy',
  metadata: '',
  proposers: [ADMIN],
  submit_time: '2026-11-01T00:00:00Z',
  group_version: '1',
  group_policy_version: '1',
  status,
  final_tally_result: { yes_count: '1', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
  voting_period_end: '2026-11-02T00:00:00Z',
  executor_result: 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  messages: [],
  title: 'A proposal',
  summary: '',
});

describe('the archive store keeps the newest reading', () => {
  let store: ArchiveStore;
  beforeAll(async () => {
    store = await ArchiveStore.open(':memory:');
  }, 60_000);
  afterAll(() => store.close());

  it('a group, its members and its history read at an older height change nothing', async () => {
    const members = [{ address: 'cosmos1alice', weight: '3', metadata: '', added_at: '2026-11-01T00:00:00Z' }];
    const write = (metadata: string, height: bigint, weight: string) =>
      store.write(async (tx) => {
        const history = new GroupHistoryRows();
        const read = [{ ...members[0], weight }];
        await writeGroups(tx, history, [{ group: group(metadata), members: read, height, time: '', bootstrap: false }]);
        await history.flush(tx);
      });
    await write('{"name":"new"}', 20n, '3');
    await write('{"name":"old"}', 10n, '1');
    const [row] = await store.db.query('SELECT name, updated_height::text AS height FROM groups');
    expect(row).toEqual({ name: 'new', height: '20' });
    const [member] = await store.db.query('SELECT weight FROM group_members');
    expect(member).toEqual({ weight: '3' });
    const history = await store.db.query('SELECT height::text AS height, kind FROM group_history ORDER BY height, seq');
    expect(history).toEqual([
      { height: '20', kind: 'created' },
      { height: '20', kind: 'member_added' },
    ]);
  });

  it('a policy read at an older height changes nothing', async () => {
    await store.write((tx) => writePolicies(tx, [policy('{"name":"treasury"}')], 30n));
    await store.write((tx) => writePolicies(tx, [policy('{"name":"stale"}')], 25n));
    const [row] = await store.db.query('SELECT name FROM policies');
    expect(row).toEqual({ name: 'treasury' });
  });

  it('a proposal state and a prune seen at an older height change nothing', async () => {
    const write = (status: string, height: bigint) =>
      store.write(async (tx) => {
        const rows = new ProposalRows();
        rows.write(await loadProposalStates(tx, ['42']), {
          proposal: proposal(status),
          groupId: '7',
          height,
          onChain: true,
        });
        await rows.flush(tx);
      });
    await write('PROPOSAL_STATUS_ACCEPTED', 50n);
    await write('PROPOSAL_STATUS_SUBMITTED', 40n);
    await store.write((tx) =>
      new ProposalRows().prune(tx, '42', { height: 45n, status: 'PROPOSAL_STATUS_ABORTED', succeeded: false }),
    );
    const [row] = await store.db.query('SELECT status, on_chain, last_height::text AS height FROM proposals');
    expect(row).toEqual({ status: 'PROPOSAL_STATUS_ACCEPTED', on_chain: true, height: '50' });
  });

  it('a plan scheduled at an older height does not replace the newer schedule', async () => {
    await store.write((tx) => schedulePlan(tx, { name: 'v2', height: '900', info: 'new' }, 60n, 'gov:3'));
    await store.write((tx) => schedulePlan(tx, { name: 'v2', height: '800', info: 'old' }, 55n, 'gov:2'));
    expect(await readPlans(store.db)).toEqual([
      expect.objectContaining({ name: 'v2', height: '900', info: 'new', scheduled_height: '60' }),
    ]);
  });

  it('plan changes gathered over a batch land in block order, each plan as if written one by one', async () => {
    const changes = new PlanChangeRows();
    // v3 is scheduled, applied at its height; v4 is scheduled, cancelled, then scheduled anew;
    // v5 is scheduled and replaced by a later schedule of the same name.
    changes.scheduled({ name: 'v3', height: '120', info: 'three' }, 100n, 'gov:4');
    changes.scheduled({ name: 'v4', height: '300', info: 'four' }, 101n, 'group:9');
    changes.cancelled('v4', 110n, 'gov:5');
    changes.scheduled({ name: 'v5', height: '400', info: 'five' }, 111n, 'gov:6');
    changes.applied('v3', 120n, '2026-11-03T00:00:00Z');
    changes.scheduled({ name: 'v4', height: '350', info: 'four again' }, 130n, 'gov:7');
    changes.scheduled({ name: 'v5', height: '450', info: 'five later' }, 131n, 'gov:8');
    await store.write((tx) => changes.flush(tx));
    const plans = await readPlans(store.db);
    const of = (name: string) => plans.find((plan) => plan.name === name);
    expect(of('v3')).toMatchObject({ height: '120', applied_height: '120', applied_time: '2026-11-03T00:00:00Z' });
    expect(of('v4')).toMatchObject({
      height: '350',
      info: 'four again',
      scheduled_height: '130',
      scheduled_by: 'gov:7',
      cancelled_height: null,
    });
    expect(of('v5')).toMatchObject({
      height: '450',
      info: 'five later',
      scheduled_height: '131',
      scheduled_by: 'gov:8',
    });
  });
});
