import { describe, expect, it } from 'vitest';

import type { ProposalStatus } from '../api/schemas.ts';
import { isUndecided, nextPhaseChange, PHASES, proposalPhase } from './proposal-phase.ts';

const END = '2026-05-01T10:00:00Z';
const end = Date.parse(END);
const at = (status: ProposalStatus, now: number, votingPeriodEnd = END) =>
  proposalPhase({ status, voting_period_end: votingPeriodEnd }, now);

describe('proposal phase', () => {
  it('splits SUBMITTED by the clock: voting up to and including the end, then awaiting the final tally', () => {
    expect(at('PROPOSAL_STATUS_SUBMITTED', end - 1)).toBe('voting');
    expect(at('PROPOSAL_STATUS_SUBMITTED', end)).toBe('voting');
    expect(at('PROPOSAL_STATUS_SUBMITTED', end + 1)).toBe('awaiting final tally');
    expect(at('PROPOSAL_STATUS_SUBMITTED', 0, '0001-01-01T00:00:00Z')).toBe('awaiting final tally');
  });
  it('takes every other phase from the status alone', () => {
    expect(at('PROPOSAL_STATUS_ACCEPTED', 0)).toBe('final');
    expect(at('PROPOSAL_STATUS_REJECTED', end + 1)).toBe('final');
    expect(at('PROPOSAL_STATUS_WITHDRAWN', end - 1)).toBe('no tally');
    expect(at('PROPOSAL_STATUS_ABORTED', end - 1)).toBe('no tally');
  });
  it('knows what each phase allows', () => {
    expect(PHASES.voting).toMatchObject({ live: true, undecided: true, hasTally: true });
    expect(PHASES['awaiting final tally']).toMatchObject({ live: false, undecided: true, hasTally: true });
    expect(PHASES.final).toMatchObject({ live: false, undecided: false, votesPruned: true });
    expect(PHASES['no tally']).toMatchObject({ hasTally: false, votesPruned: false });
    expect(isUndecided('PROPOSAL_STATUS_SUBMITTED')).toBe(true);
    expect(isUndecided('PROPOSAL_STATUS_ACCEPTED')).toBe(false);
  });
  it('says when the clock alone will change the phase', () => {
    const voting = { status: 'PROPOSAL_STATUS_SUBMITTED', voting_period_end: END } as const;
    expect(nextPhaseChange(voting, end - 5000)).toBe(end + 1);
    expect(nextPhaseChange(voting, end + 1)).toBeNull();
    expect(nextPhaseChange({ ...voting, status: 'PROPOSAL_STATUS_ACCEPTED' }, 0)).toBeNull();
  });
});
