import { MsgSubmitProposal, MsgVote } from 'cosmjs-types/cosmos/gov/v1/tx';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { GovEvent as Event, PlanJson, GovProposalJson as ProposalJson } from '../../../test/gov-answers.ts';
import { startHarness, U, type Harness } from '../../../test/harness.ts';

// The live chain schedules its upgrades as a real chain does: only x/gov's end-blocker, passing a
// proposal whose message names the gov module account as authority, changes the plan. The seed
// is one whose first live release is cancelled and a later one replaced within these blocks.

const GOV = '/cosmos/gov/v1';
const GOV_ACCOUNT = 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn';
const BLOCKS = 400;

let h: Harness;
let first: bigint;
/** current_plan as pinned reads answer it, by height (the genesis height included). */
const plans = new Map<bigint, PlanJson | null>();
const finalizeEvents = new Map<bigint, Event[]>();

const pinned = (height: bigint) => ({ headers: { 'x-cosmos-block-height': String(height) } });
const attribute = (event: Event, key: string) => event.attributes.find((entry) => entry.key === key)?.value;
const passedAt = (height: bigint) =>
  (finalizeEvents.get(height) ?? [])
    .filter((event) => event.type === 'active_proposal' && attribute(event, 'proposal_result') === 'proposal_passed')
    .map((event) => attribute(event, 'proposal_id'));

async function proposalAt(id: string | undefined, height: bigint): Promise<ProposalJson> {
  const answer = await h.get(`${GOV}/proposals/${id}`, pinned(height));
  expect(answer.status).toBe(200);
  return (answer.json as { proposal: ProposalJson }).proposal;
}

beforeAll(async () => {
  h = await startHarness({ seed: 'block-search', livePeriodS: 30, keepRecent: BLOCKS + 10 });
  first = h.node.height;
  h.node.advance(BLOCKS, 5000);
  for (let height = first; height <= h.node.height; height++) {
    const plan = (await h.get(`${U}/current_plan`, pinned(height))).json as { plan: PlanJson | null };
    plans.set(height, plan.plan);
    if (height === first) continue;
    const results = (await h.get(`/rpc/block_results?height=${height}`)).json as {
      result: { finalize_block_events: Event[] };
    };
    finalizeEvents.set(height, results.result.finalize_block_events);
  }
}, 60_000);
afterAll(() => h.close());

/** Heights where current_plan differs from the block before. */
function planChanges(): { height: bigint; before: PlanJson | null; after: PlanJson | null }[] {
  const changes = [];
  for (let height = first + 1n; height <= h.node.height; height++) {
    const before = plans.get(height - 1n) ?? null;
    const after = plans.get(height) ?? null;
    if (JSON.stringify(before) !== JSON.stringify(after)) changes.push({ height, before, after });
  }
  return changes;
}

describe('upgrades are scheduled through x/gov', () => {
  it('every new plan appears in the block whose end-blocker passed the gov proposal carrying it', async () => {
    const scheduled = planChanges().filter((change) => change.after !== null);
    expect(scheduled.length).toBeGreaterThanOrEqual(4);
    for (const { height, after } of scheduled) {
      const passed = passedAt(height);
      expect(passed, `block ${height}`).toHaveLength(1);
      const proposal = await proposalAt(passed[0], height);
      expect(proposal.status).toBe('PROPOSAL_STATUS_PASSED');
      expect(proposal.messages).toEqual([
        { '@type': '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade', authority: GOV_ACCOUNT, plan: after },
      ]);
      // As on a node, nothing in the block's events speaks of the upgrade itself.
      expect(finalizeEvents.get(height)?.some((event) => event.type.includes('upgrade'))).toBe(false);
    }
  });

  it('a plan only disappears at its height (applied) or when a cancel proposal passes', async () => {
    const cleared = planChanges().filter((change) => change.after === null);
    let applied = 0;
    for (const { height, before } of cleared) {
      if (before && BigInt(before.height) === height) {
        const done = await h.get(`${U}/applied_plan/${before.name}`, pinned(height));
        expect(done.json).toEqual({ height: String(height) });
        applied++;
        continue;
      }
      const proposal = await proposalAt(passedAt(height)[0], height);
      expect(proposal.messages).toEqual([
        { '@type': '/cosmos.upgrade.v1beta1.MsgCancelUpgrade', authority: GOV_ACCOUNT },
      ]);
    }
    expect(applied).toBeGreaterThanOrEqual(2);
  });

  it('a cancellation empties current_plan before the plan height, and a later plan follows', () => {
    const cancel = planChanges().find(
      (change) => change.after === null && change.before !== null && BigInt(change.before.height) > change.height,
    );
    expect(cancel).toBeDefined();
    const later = planChanges().find((change) => change.height > cancel!.height && change.after !== null);
    expect(later?.after?.name).not.toBe(cancel!.before?.name);
  });

  it('a replacement swaps the pending plan for a new one without a gap', () => {
    const replaced = planChanges().find((change) => change.before !== null && change.after !== null);
    expect(replaced).toBeDefined();
    expect(replaced!.after!.name).not.toBe(replaced!.before!.name);
    expect(BigInt(replaced!.after!.height)).toBeGreaterThan(BigInt(replaced!.before!.height));
  });

  it('no transaction carries an x/upgrade message: proposals and votes are gov transactions', async () => {
    let submits = 0;
    let votes = 0;
    for (let height = first + 1n; height <= h.node.height; height++) {
      for (const tx of h.node.blocks.get(height)!.txs) {
        const any = TxBody.decode(TxRaw.decode(tx).bodyBytes).messages[0];
        expect(any.typeUrl.startsWith('/cosmos.upgrade.')).toBe(false);
        if (any.typeUrl === '/cosmos.gov.v1.MsgSubmitProposal') {
          const submit = MsgSubmitProposal.decode(any.value);
          expect(submit.initialDeposit).toEqual([{ denom: 'stake', amount: '10' }]);
          expect(submit.messages[0].typeUrl.startsWith('/cosmos.upgrade.v1beta1.Msg')).toBe(true);
          if (submit.messages[0].typeUrl.endsWith('MsgSoftwareUpgrade')) {
            expect(MsgSoftwareUpgrade.decode(submit.messages[0].value).authority).toBe(GOV_ACCOUNT);
          }
          submits++;
        }
        if (any.typeUrl === '/cosmos.gov.v1.MsgVote') {
          expect(MsgVote.decode(any.value).option).toBeGreaterThan(0);
          votes++;
        }
      }
    }
    expect(submits).toBe(Number(h.node.gov.store.nextProposalId) - 2); // proposal 1 passed at genesis
    expect(votes).toBeGreaterThan(submits);
  });

  it("submit and vote transactions emit a v0.50 node's events", async () => {
    const search = async (action: string) =>
      (
        (await h.get(`/rpc/tx_search?query="message.action='${action}'"&per_page=1`)).json as {
          result: { txs: { tx_result: { code: number; events: Event[] } }[] };
        }
      ).result.txs[0].tx_result;
    const submit = await search('/cosmos.gov.v1.MsgSubmitProposal');
    expect(submit.code).toBe(0);
    expect(submit.events.map((event) => event.type)).toEqual([
      'tx',
      'message',
      'submit_proposal',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'proposal_deposit',
      'submit_proposal',
    ]);
    const [, message, submitted, , , transfer, , deposit, started] = submit.events;
    expect(message.attributes.map((entry) => [entry.key, entry.value])).toEqual([
      ['action', '/cosmos.gov.v1.MsgSubmitProposal'],
      ['sender', attribute(submitted, 'proposal_proposer')],
      ['module', 'gov'],
      ['msg_index', '0'],
    ]);
    expect(submitted.attributes.map((entry) => entry.key)).toEqual([
      'proposal_id',
      'proposal_proposer',
      'proposal_messages',
      'msg_index',
    ]);
    expect(attribute(submitted, 'proposal_messages')).toMatch(
      /^,\/cosmos\.upgrade\.v1beta1\.Msg(Software|Cancel)Upgrade$/,
    );
    expect(attribute(transfer, 'recipient')).toBe(GOV_ACCOUNT);
    expect(deposit.attributes.map((entry) => [entry.key, entry.value])).toEqual([
      ['depositor', attribute(submitted, 'proposal_proposer')],
      ['amount', '10stake'],
      ['proposal_id', attribute(submitted, 'proposal_id')],
      ['msg_index', '0'],
    ]);
    expect(attribute(started, 'voting_period_start')).toBe(attribute(submitted, 'proposal_id'));

    const vote = await search('/cosmos.gov.v1.MsgVote');
    expect(vote.events.map((event) => event.type)).toEqual(['tx', 'message', 'proposal_vote']);
    expect(vote.events[2].attributes.map((entry) => entry.key)).toEqual([
      'voter',
      'option',
      'proposal_id',
      'msg_index',
    ]);
    expect(attribute(vote.events[2], 'option')).toMatch(/^\[\{"option":[1-4],"weight":"1\.000000000000000000"\}\]$/);
  });

  it("the end-blocker refunds the deposit and announces the result in a node's words", () => {
    const height = [...finalizeEvents.keys()].find((key) => passedAt(key).length > 0)!;
    const events = finalizeEvents.get(height)!;
    const announced = events.findIndex((event) => event.type === 'active_proposal');
    const gov = events.slice(announced - 4, announced + 1);
    expect(gov.map((event) => event.type)).toEqual([
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'active_proposal',
    ]);
    expect(attribute(gov[0], 'spender')).toBe(GOV_ACCOUNT);
    expect(gov[4].attributes.map((entry) => [entry.key, entry.value])).toEqual([
      ['proposal_id', passedAt(height)[0]],
      ['proposal_result', 'proposal_passed'],
      ['proposal_log', 'passed'],
      ['mode', 'EndBlock'],
    ]);
  });
});

describe("x/gov's REST answers", () => {
  it('a proposal, its tally and the list, in the fields and order of a node', async () => {
    const answer = await h.get(`${GOV}/proposals/1`);
    expect(answer.status).toBe(200);
    const proposal = (answer.json as { proposal: Record<string, unknown> }).proposal;
    expect(Object.keys(proposal)).toEqual([
      'id',
      'messages',
      'status',
      'final_tally_result',
      'submit_time',
      'deposit_end_time',
      'total_deposit',
      'voting_start_time',
      'voting_end_time',
      'metadata',
      'title',
      'summary',
      'proposer',
      'expedited',
      'failed_reason',
    ]);
    expect(answer.text).toContain(
      `"messages":[{"@type":"/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade","authority":"${GOV_ACCOUNT}","plan":{"name":`,
    );
    expect(answer.text).toContain('"time":"0001-01-01T00:00:00Z"');
    expect(answer.text).toContain('"total_deposit":[{"denom":"stake","amount":"10"}]');
    const tally = (await h.get(`${GOV}/proposals/1/tally`)).json as { tally: Record<string, string> };
    expect(Object.keys(tally.tally)).toEqual(['yes_count', 'abstain_count', 'no_count', 'no_with_veto_count']);
    expect(tally.tally).toEqual(proposal.final_tally_result);
    const start = Date.parse(String(proposal.voting_start_time));
    expect(Date.parse(String(proposal.voting_end_time)) - start).toBe(15_000);

    const count = Number(h.node.gov.store.nextProposalId) - 1;
    const all = (await h.get(`${GOV}/proposals`)).json as { proposals: { id: string }[]; pagination: unknown };
    expect(all.proposals.map((entry) => entry.id)).toEqual(Array.from({ length: count }, (_, i) => String(i + 1)));
    expect(all.pagination).toEqual({ next_key: null, total: String(count) });
    const page = (await h.get(`${GOV}/proposals?pagination.limit=2`)).json as { pagination: unknown };
    expect(page.pagination).toEqual({ next_key: Buffer.from([0, 0, 0, 0, 0, 0, 0, 3]).toString('base64'), total: '0' });
    const passed = (await h.get(`${GOV}/proposals?proposal_status=3`)).json as { proposals: { status: string }[] };
    expect(passed.proposals.length).toBeGreaterThan(2);
    expect(new Set(passed.proposals.map((entry) => entry.status))).toEqual(new Set(['PROPOSAL_STATUS_PASSED']));
  });

  it('a missing proposal is NotFound (code 5, HTTP 404), unlike x/group', async () => {
    const missing = await h.get(`${GOV}/proposals/999`);
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(`{"code":5,"message":"proposal 999 doesn't exist","details":[]}`);
    expect((await h.get(`${GOV}/proposals/999/tally`)).status).toBe(404);
    const zero = await h.get(`${GOV}/proposals/0`);
    expect(zero.status).toBe(400);
    expect(zero.json).toEqual({ code: 3, message: 'proposal id can not be 0', details: [] });
  });

  it('reads pinned to a height see the proposal as it was then', async () => {
    const last = h.node.gov.store.nextProposalId - 1n;
    const submittedAt = await submissionHeight(last);
    expect((await h.get(`${GOV}/proposals/${last}`, pinned(submittedAt - 1n))).status).toBe(404);
    const open = await proposalAt(String(last), submittedAt);
    expect(open.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD');
    expect(Object.values(open.final_tally_result)).toEqual(['0', '0', '0', '0']);
  });
});

/** The height of the block whose transaction submitted proposal `id`. */
async function submissionHeight(id: bigint): Promise<bigint> {
  const found = (await h.get(`/rpc/tx_search?query="submit_proposal.proposal_id='${id}'"`)).json as {
    result: { txs: { height: string }[] };
  };
  return BigInt(found.result.txs[0].height);
}
