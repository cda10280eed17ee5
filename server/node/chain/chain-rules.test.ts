import { describe, expect, it } from 'vitest';

import { parseDec } from '../../lib/apd-dec.ts';
import { openNode } from '../../test/harness.ts';
import { decide } from './decision-policies/registry.ts';
import { tallyOf } from './group/tally.ts';
import type { DecisionPolicy, Tally } from './records.ts';

const DAY = 86_400_000;
const w = { votingPeriod: 86400, minExecutionPeriod: 0 };
const thr = (t: string): DecisionPolicy => ({ kind: 'threshold', threshold: t, windows: w });
const pct = (p: string): DecisionPolicy => ({ kind: 'percentage', percentage: p, windows: w });
const tally = (yes: string, no = '0', abstain = '0', veto = '0'): Tally => ({ yes, no, abstain, veto });
const total = (s: string) => parseDec(s)!;

describe('decision policies', () => {
  it('threshold: passes at yes >= min(threshold, total)', () => {
    expect(decide(thr('3'), tally('3'), total('6'))).toEqual({ allow: true, final: true });
    expect(decide(thr('3'), tally('2'), total('6'))).toEqual({ allow: false, final: false });
    expect(decide(thr('3'), tally('2', '2'), total('6'))).toEqual({ allow: false, final: false });
    expect(decide(thr('3'), tally('1', '3'), total('6'))).toEqual({ allow: false, final: false });
    expect(decide(thr('3'), tally('1', '4'), total('6'))).toEqual({ allow: false, final: true });
  });
  it('threshold above total weight needs every weight unit', () => {
    expect(decide(thr('10'), tally('3.5'), total('3.5'))).toEqual({ allow: true, final: true });
    expect(decide(thr('10'), tally('2.5'), total('3.5'))).toEqual({ allow: false, final: false });
    expect(decide(thr('10'), tally('2.5', '0.5'), total('3.5'))).toEqual({ allow: false, final: true });
  });
  it('threshold with zero total weight passes with no votes', () => {
    expect(decide(thr('1'), tally('0'), total('0'))).toEqual({ allow: true, final: true });
  });
  it('percentage: yes/total against the percentage, exactly', () => {
    expect(decide(pct('0.5'), tally('3'), total('6'))).toEqual({ allow: true, final: true });
    expect(decide(pct('0.66'), tally('3.354999999999999999'), total('5.083333333333333333'))).toEqual({
      allow: false,
      final: false,
    });
    expect(decide(pct('0.66'), tally('3.355'), total('5.083333333333333333'))).toEqual({ allow: true, final: true });
    expect(decide(pct('0.5'), tally('1', '4'), total('6'))).toEqual({ allow: false, final: true });
    expect(decide(pct('0.5'), tally('0'), total('0'))).toEqual({ allow: false, final: true });
  });
});

describe('the genesis chain and its rules', () => {
  it('has every status a dashboard must show', () => {
    const n = openNode();
    const status = (k: string) => n.group.store.proposal(n.cast.proposals[k])?.status;
    const result = (k: string) => n.group.store.proposal(n.cast.proposals[k])?.executorResult;
    expect(n.group.store.proposal(n.cast.proposals.executed)).toBeUndefined();
    expect([status('execFailed'), result('execFailed')]).toEqual([
      'PROPOSAL_STATUS_ACCEPTED',
      'PROPOSAL_EXECUTOR_RESULT_FAILURE',
    ]);
    expect([status('awaitingExec'), result('awaitingExec')]).toEqual([
      'PROPOSAL_STATUS_ACCEPTED',
      'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
    ]);
    expect(status('rejected')).toBe('PROPOSAL_STATUS_REJECTED');
    expect(status('withdrawn')).toBe('PROPOSAL_STATUS_WITHDRAWN');
    expect(status('aborted')).toBe('PROPOSAL_STATUS_ABORTED');
    expect(status('openPartial')).toBe('PROPOSAL_STATUS_SUBMITTED');
    // Executed at once, so pruned with its votes from both vote indexes.
    const executed = n.cast.proposals.executed;
    expect(n.group.store.proposal(executed)).toBeUndefined();
    expect(n.group.store.votesOf(executed).size).toBe(0);
    const votesOf = (voter: string) => n.group.store.votesByVoter(n.group.store.addressKey(voter)).values();
    expect(votesOf(n.cast.people.alice).length).toBeGreaterThan(0);
    for (const voter of [n.cast.people.alice, n.cast.people.bob]) {
      expect(votesOf(voter).filter((vote) => vote.proposalId === executed)).toEqual([]);
    }
  });

  it('final proposals keep their tally but lose their votes', () => {
    const n = openNode();
    const p = n.group.store.proposal(n.cast.proposals.rejected)!;
    expect(p.finalTally).toEqual({ yes: '1', abstain: '1', no: '2', veto: '1' });
    const key = Buffer.alloc(8);
    key.writeBigUInt64BE(p.id);
    expect(n.group.store.votesOf(p.id).size).toBe(0);
  });

  it('skips votes of members who left and weighs by current weight', () => {
    const n = openNode();
    const p = n.group.store.proposal(n.cast.proposals.departed)!;
    expect(tallyOf(n.group.store, p)).toEqual({ yes: '1', abstain: '0', no: '2', veto: '0' });
    n.group.msgs.updateGroupMembers(n.cast.groups.departed, [{ address: n.cast.people.grace, weight: '2.5' }], n.time);
    expect(tallyOf(n.group.store, p).yes).toBe('2.5');
    expect(n.group.store.group(n.cast.groups.departed)?.version).toBe(3n);
  });

  it('sums keep the largest scale among the weights, as apd does', () => {
    const n = openNode();
    const t = tallyOf(n.group.store, n.group.store.proposal(n.cast.proposals.community)!);
    // Community weights are "1", "2" and "0.5": every sum that includes a vote prints one decimal.
    for (const v of [t.yes, t.no, t.abstain]) expect(v).toMatch(/^\d+\.\d$/);
    const grants = tallyOf(n.group.store, n.group.store.proposal(n.cast.proposals.grantOpen)!);
    expect(grants.yes).toBe('1.833333333333333333');
  });

  it('a policy update aborts its open proposals and bumps the version', () => {
    const n = openNode();
    const open = n.group.store.proposal(n.cast.proposals.openPartial)!;
    n.group.msgs.updateGroupPolicy(open.policyAddress, { metadata: 'changed' });
    expect(n.group.store.proposal(open.id)?.status).toBe('PROPOSAL_STATUS_ABORTED');
    expect(n.group.store.policyOf(open.policyAddress)?.version).toBe(2n);
    // A group change aborts nothing.
    n.group.msgs.updateGroupMetadata(n.cast.groups.grants, 'new');
    expect(n.group.store.proposal(n.cast.proposals.grantOpen)?.status).toBe('PROPOSAL_STATUS_SUBMITTED');
  });

  it('votes only once, only while open, only as a member', () => {
    const n = openNode();
    const id = n.cast.proposals.openPartial;
    expect(() => n.group.msgs.vote(id, n.cast.people.alice, 'VOTE_OPTION_NO', '', n.time)).toThrow('unique');
    expect(() => n.group.msgs.vote(id, n.cast.people.erin, 'VOTE_OPTION_NO', '', n.time)).toThrow('not found');
    expect(() =>
      n.group.msgs.vote(n.cast.proposals.rejected, n.cast.people.alice, 'VOTE_OPTION_NO', '', n.time),
    ).toThrow('not open');
  });

  it('the group that lost its last member passes its proposal at voting end with no votes', () => {
    const n = openNode();
    expect(n.group.store.group(n.cast.groups.empty)?.totalWeight).toEqual({ coef: 0n, exp: 0 });
    n.advance(1, 2 * DAY);
    expect(n.group.store.proposal(n.cast.proposals.emptied)?.status).toBe('PROPOSAL_STATUS_ACCEPTED');
  });

  it('prunes on the SDK timeline', () => {
    const n = openNode();
    const c = n.cast.proposals;
    const vpe = (k: string) => n.group.store.proposal(c[k])!.votingPeriodEnd;
    const withdrawnEnd = vpe('withdrawn');
    const awaitingEnd = vpe('awaitingExec');
    // Before voting end, withdrawn/aborted are still visible with their votes.
    expect(n.group.store.proposal(c.withdrawn)).toBeDefined();
    n.advance(1, withdrawnEnd - n.time + 1);
    expect(n.group.store.proposal(c.withdrawn)).toBeUndefined();
    // Accepted proposals live until voting end + 14 days.
    n.advance(1, awaitingEnd + 14 * DAY - n.time - 1000);
    expect(n.group.store.proposal(c.awaitingExec)).toBeDefined();
    n.advance(1, 2000);
    expect(n.group.store.proposal(c.awaitingExec)).toBeUndefined();
  });

  it('exec: success prunes at once, failure keeps the proposal for a retry', () => {
    const n = openNode();
    const failed = n.cast.proposals.execFailed;
    n.group.msgs.exec(failed, n.time);
    expect(n.group.store.proposal(failed)?.executorResult).toBe('PROPOSAL_EXECUTOR_RESULT_FAILURE');
    const ok = n.cast.proposals.awaitingExec;
    n.group.msgs.exec(ok, n.time);
    expect(n.group.store.proposal(ok)).toBeUndefined();
  });

  it('applies the scheduled upgrade at its height', () => {
    const n = openNode();
    const plan = n.upgrade.pending!.plan;
    expect(n.upgrade.consensusState(plan.height)).toBeDefined();
    const before = new Map(n.upgrade.sortedVersions().map((entry) => [entry.name, entry.version]));
    n.advance(Number(plan.height - n.height), 5000);
    expect(n.upgrade.appliedHeight(plan.name)).toBe(plan.height);
    expect(n.upgrade.consensusState(plan.height)).toBeUndefined();
    const changed = n.upgrade.sortedVersions().filter((entry) => before.get(entry.name) !== entry.version);
    expect(changed).toHaveLength(1);
    // The next release is proposed through x/gov at once and scheduled when the proposal passes.
    expect(n.upgrade.pending).toBeNull();
    n.advance(4, 5000);
    expect(n.upgrade.pending?.plan.height).toBeGreaterThan(plan.height);
  });

  it('keeps living: votes arrive, proposals are submitted and finalized', () => {
    const n = openNode({ livePeriodS: 60 });
    const before = n.group.store.proposalSeq;
    const closing = n.cast.proposals.closingSoon;
    n.advance(120, 1000);
    expect(n.group.store.proposalSeq).toBeGreaterThan(before);
    expect(n.group.store.proposal(closing)?.status).toMatch(/ACCEPTED|REJECTED/);
  });

  it('is deterministic: same seed and times give the same chain', () => {
    const a = openNode();
    const b = openNode();
    a.advance(300, 3000);
    b.advance(300, 3000);
    const snap = (n: ReturnType<typeof openNode>) =>
      JSON.stringify([...n.group.store.proposals.values()], (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    expect(snap(a)).toBe(snap(b));
    const c = openNode({ seed: 'other' });
    c.advance(300, 3000);
    expect(snap(c)).not.toBe(snap(a));
  });
});
