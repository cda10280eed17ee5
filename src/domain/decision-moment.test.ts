import { describe, expect, it } from 'vitest';

import { decisionMoment, observedDecision, type TimelineStep } from './decision-moment.ts';

const step = (kind: string, height: string, time: string, status: string | null): TimelineStep => ({
  kind,
  height,
  time,
  status,
});
const accepted = { status: 'PROPOSAL_STATUS_ACCEPTED', voting_period_end: '2026-11-25T10:00:00Z' };
const afterEnd = Date.parse('2026-11-27T00:00:00Z');

describe('when the chain decided a proposal', () => {
  it('is the block the end-blocker tallied it in, when the archive read that block', () => {
    const timeline = [
      step('submitted', '100', '2026-11-24T10:00:00Z', 'PROPOSAL_STATUS_SUBMITTED'),
      step('voting_ended', '140', '2026-11-25T10:00:04Z', 'PROPOSAL_STATUS_ACCEPTED'),
      step('pruned', '900', '2026-11-26T10:00:00Z', 'PROPOSAL_STATUS_ACCEPTED'),
    ];
    const moment = decisionMoment(accepted, timeline, afterEnd);
    expect(moment).toEqual({ basis: 'at voting end', height: '140', time: '2026-11-25T10:00:04Z' });
    expect(observedDecision(accepted, timeline)?.height).toBe('140');
  });

  it('is the block of the transaction that decided it early', () => {
    const rejected = { ...accepted, status: 'PROPOSAL_STATUS_REJECTED' };
    const timeline = [
      step('submitted', '100', '2026-11-24T10:00:00Z', 'PROPOSAL_STATUS_SUBMITTED'),
      step('status', '120', '2026-11-24T12:00:00Z', 'PROPOSAL_STATUS_REJECTED'),
    ];
    expect(decisionMoment(rejected, timeline, afterEnd)).toEqual({
      basis: 'early',
      height: '120',
      time: '2026-11-24T12:00:00Z',
    });
  });

  it('is never where the archive first noticed it: a prune seen later says only "by its voting end"', () => {
    const timeline = [step('pruned', '518430', '2026-11-27T06:05:26Z', 'PROPOSAL_STATUS_ACCEPTED')];
    const moment = decisionMoment(accepted, timeline, afterEnd);
    expect(moment).toEqual({
      basis: 'by voting end',
      time: accepted.voting_period_end,
      firstSeen: { height: '518430', time: '2026-11-27T06:05:26Z' },
    });
    expect(observedDecision(accepted, timeline)).toBeNull();
  });

  it('is unknown for a proposal the archive found already decided, even if it changed status after', () => {
    const timeline = [
      step('first_seen', '402', '2026-11-24T11:00:00Z', 'PROPOSAL_STATUS_ACCEPTED'),
      step('status', '410', '2026-11-24T11:01:00Z', 'PROPOSAL_STATUS_ACCEPTED'),
    ];
    const before = Date.parse('2026-11-24T12:00:00Z');
    expect(decisionMoment(accepted, timeline, before)).toEqual({
      basis: 'before voting end',
      votingEnd: accepted.voting_period_end,
    });
    expect(decisionMoment(accepted, timeline, afterEnd)).toMatchObject({
      basis: 'by voting end',
      firstSeen: { height: '402' },
    });
  });

  it('without an archive, says decided early only while the voting period is still running', () => {
    expect(decisionMoment(accepted, [], Date.parse('2026-11-25T09:59:59Z'))?.basis).toBe('before voting end');
    expect(decisionMoment(accepted, [], Date.parse('2026-11-25T10:00:01Z'))).toEqual({
      basis: 'by voting end',
      time: accepted.voting_period_end,
      firstSeen: null,
    });
  });

  it('claims no decision for open, withdrawn or aborted proposals', () => {
    for (const status of ['PROPOSAL_STATUS_SUBMITTED', 'PROPOSAL_STATUS_WITHDRAWN', 'PROPOSAL_STATUS_ABORTED'])
      expect(decisionMoment({ ...accepted, status }, [], afterEnd)).toBeNull();
  });
});
