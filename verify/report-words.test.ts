import { describe, expect, it } from 'vitest';

import { verifyBundle, type BundleReport, type FactVerdict } from './bundle-verify.ts';
import { countFacts, headlineOf, laterActsLines } from './report-words.ts';

// The headline counts what is proven in plain English: "2 group policies", never "policys".

const fact = (kind: string): FactVerdict => ({
  kind: 'store',
  height: '10',
  claim: { kind },
  proven: { kind },
  ok: true,
  how: 'ICS23',
});

describe('counting facts', () => {
  it('says each kind of record in its plural', () => {
    expect(countFacts([fact('policy'), fact('policy'), fact('member'), fact('member'), fact('member')])).toBe(
      '2 group policies and 3 memberships',
    );
    expect(countFacts([fact('policy'), fact('vote')])).toBe('1 group policy and 1 vote');
    expect(countFacts([fact('vote'), fact('vote'), fact('upgrade-applied')])).toBe('2 votes and 1 applied upgrade');
  });
});

describe('a bundle of nothing proven', () => {
  const report = (unproven: number) =>
    ({
      ...verifyBundle({}),
      problem: null,
      steps: [{ height: '1', how: 'trust root', ok: true, detail: '' }],
      facts: [],
      unproven: Array.from({ length: unproven }, () => ({ what: 'a vote', reason: 'not proven yet' })),
    }) as BundleReport;

  it('says the archive holds its records without proof, and why, rather than "no proofs"', () => {
    expect(headlineOf(report(3), 'in your browser')).toBe(
      'Nothing proven in your browser: the archive holds 3 records of it without proof, and says why for each (it proves a record a few blocks after it reads it; one the node no longer serves stays unproven).',
    );
    expect(headlineOf(report(0))).toBe('Nothing proven: the bundle holds no proofs.');
  });
});

describe('a record older than what acted on it', () => {
  const at = (height: string, proven: Record<string, string>): FactVerdict => ({
    kind: proven.kind === 'proposal' ? 'store' : 'tx',
    height,
    claim: proven,
    proven,
    ok: true,
    how: '',
  });
  const report = (facts: FactVerdict[]) => ({ ...verifyBundle({}), facts }) as BundleReport;
  const record = at('518402', {
    kind: 'proposal',
    proposal_id: '79',
    stored: 'yes',
    status: 'PROPOSAL_STATUS_SUBMITTED',
    executor_result: 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  });

  it('says the record is of its state and names the execution after it, proven by its transaction', () => {
    const exec = at('518611', { kind: 'exec', proposal_id: '79', executor: 'cosmos1alice' });
    expect(laterActsLines(report([record, exec]), { onPage: true })).toEqual([
      "Proposal #79's record is proven as of the state after block 518,402 (SUBMITTED, executor NOT_RUN); after it, cosmos1alice sent a MsgExec for it (its transaction succeeded; the executor result says whether its messages ran) at 518,611, proven by its transaction: the badge above shows the proposal as the chain holds it now.",
    ]);
  });

  it('says nothing where nothing acted on it later, or only a plain vote did', () => {
    const earlier = at('518400', { kind: 'exec', proposal_id: '79', executor: 'cosmos1alice' });
    const vote = at('518500', {
      kind: 'vote',
      proposal_id: '79',
      voter: 'cosmos1bob',
      option: 'VOTE_OPTION_YES',
      exec: 'EXEC_UNSPECIFIED',
    });
    expect(laterActsLines(report([record, earlier, vote]))).toEqual([]);
    const tried = at('518501', {
      kind: 'vote',
      proposal_id: '79',
      voter: 'cosmos1bob',
      option: 'VOTE_OPTION_YES',
      exec: 'EXEC_TRY',
    });
    expect(laterActsLines(report([record, tried]))[0]).toMatch(
      /after it, cosmos1bob voted YES with EXEC_TRY at 518,501, proven by its transaction\.$/,
    );
  });
});
