import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithApp } from '../../../test/render.tsx';
import { group, NOW, policy, proposal } from '../../../test/tally-fixtures.ts';
import { TallyPanel } from './tally-panel.tsx';

let calls = 0;
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: false });
  calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.includes('/tally')) throw new Error(`unexpected ${url}`);
      calls++;
      return jsonResponse({
        tally: { yes_count: String(calls), abstain_count: '0', no_count: '1', no_with_veto_count: '0' },
      });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('TallyPanel', () => {
  it('polls while voting is open, shows changes, and stops once voting ends', async () => {
    renderWithApp(
      <TallyPanel endpoint="" proposal={proposal('PROPOSAL_STATUS_SUBMITTED', 12_000)} policy={policy} group={group} />,
    );
    await tick(10);
    // No block has gone by on this page yet: the pace is not claimed.
    expect(screen.getByTestId('tally-live')).toHaveTextContent(/^Live$/);
    expect(screen.getByTestId('tally-yes_count')).toHaveTextContent('1');
    expect(screen.getByTestId('tally-outcome')).toHaveTextContent('Yes needs 5 more weight to pass');
    const live = screen.getByRole('status', { name: '' });
    expect(live).toHaveTextContent(/^$/); // what is on screen on arrival is not announced
    await tick(5_000);
    expect(screen.getByTestId('tally-yes_count')).toHaveTextContent('2');
    expect(live).toHaveTextContent('Tally updated: Yes 2, No 1');
    await tick(5_000);
    expect(calls).toBe(3);
    // Changed again within 20 s of the last announcement: shown, not yet spoken.
    expect(screen.getByTestId('tally-yes_count')).toHaveTextContent('3');
    expect(live).toHaveTextContent('Tally updated: Yes 2, No 1');
    await tick(5_000); // voting has ended now
    const after = calls;
    expect(screen.queryByTestId('tally-live')).toBeNull();
    expect(screen.getByTestId('tally-ended')).toBeInTheDocument();
    await tick(30_000);
    expect(calls).toBe(after);
  });

  it('stops calling itself live when the endpoint hangs, and is live again when answers return', async () => {
    let hang = false;
    const waiting: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (hang) await new Promise<void>((resolve) => waiting.push(resolve));
        calls++;
        return jsonResponse({
          tally: { yes_count: String(calls), abstain_count: '0', no_count: '1', no_with_veto_count: '0' },
        });
      }),
    );
    renderWithApp(
      <TallyPanel
        endpoint=""
        proposal={proposal('PROPOSAL_STATUS_SUBMITTED', 600_000)}
        policy={policy}
        group={group}
      />,
    );
    await tick(10);
    expect(screen.getByTestId('tally-live')).toBeInTheDocument();
    hang = true;
    await tick(11_000); // the 5 s poll hangs: two block times and a round trip are not yet past
    expect(screen.getByTestId('tally-live')).toBeInTheDocument();
    expect(screen.getByTestId('tally-updated')).not.toHaveTextContent('ago');
    await tick(2_000);
    expect(screen.queryByTestId('tally-live')).toBeNull();
    expect(screen.getByTestId('tally-stale')).toHaveTextContent(
      /^Stale · nothing new since \d\d:\d\d:\d\d[^,]*, over 12 s$/,
    );
    expect(screen.getByTestId('tally-updated')).toHaveTextContent(/ago\)$/);
    expect(screen.getByTestId('tally-yes_count')).toHaveTextContent('1');
    hang = false;
    waiting.splice(0).forEach((resolve) => resolve());
    await tick(1_100);
    expect(screen.getByTestId('tally-live')).toBeInTheDocument();
    expect(screen.getByTestId('tally-yes_count')).toHaveTextContent('2');
  });

  it('says who can still decide it, and says it again as votes arrive', async () => {
    const weights = new Map([
      ['alice', '3'],
      ['bob', '2'],
      ['carol', '2'],
      ['dave', '2'],
      ['erin', '1'],
    ]);
    let voters = ['alice'];
    const vote = (voter: string) => ({
      proposal_id: '7',
      voter,
      option: 'VOTE_OPTION_YES',
      metadata: '',
      submit_time: '2026-05-01T09:59:30Z',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/votes_by_proposal/'))
          return jsonResponse({
            votes: voters.map(vote),
            pagination: { next_key: null, total: String(voters.length) },
          });
        const yes = voters.reduce((sum, voter) => sum + Number(weights.get(voter)), 0);
        return jsonResponse({
          tally: { yes_count: String(yes), abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
        });
      }),
    );
    renderWithApp(
      <TallyPanel
        endpoint=""
        proposal={proposal('PROPOSAL_STATUS_SUBMITTED', 600_000)}
        policy={policy}
        group={group}
        weights={weights}
      />,
    );
    await tick(10);
    await tick(10);
    expect(screen.getByTestId('pivotal-voters')).toHaveTextContent(
      '4 members have not voted, holding 7 weight. Yes needs 3 more to pass.Any two of bob, carol, dave and erin voting yes would pass it.',
    );
    voters = ['alice', 'bob'];
    await tick(5_000);
    await tick(10);
    expect(screen.getByTestId('pivotal-voters')).toHaveTextContent(
      '3 members have not voted, holding 5 weight. Yes needs 1 more to pass.Any one of carol, dave or erin could pass it alone by voting yes.',
    );
  });

  it('lists every member still to vote, heaviest first, where the sentences name only six', async () => {
    const weights = new Map(
      Array.from({ length: 10 }, (_, index) => [`cosmos1member${index}`, String(index === 9 ? 0.5 : 1)] as const),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/votes_by_proposal/')
          ? jsonResponse({ votes: [], pagination: { next_key: null, total: '0' } })
          : jsonResponse({ tally: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' } }),
      ),
    );
    renderWithApp(
      <TallyPanel
        endpoint=""
        proposal={proposal('PROPOSAL_STATUS_SUBMITTED', 600_000)}
        policy={policy}
        group={{ ...group, total_weight: '9.5' }}
        weights={weights}
      />,
    );
    await tick(10);
    await tick(10);
    const all = screen.getByTestId('pivotal-remaining');
    expect(all).toHaveTextContent('All 10 who have not voted, heaviest first');
    const items = all.querySelectorAll('li');
    expect(items).toHaveLength(10);
    expect(items[9]).toHaveTextContent('weight 0.5');
  });

  it('shows a final proposal’s stored tally without asking, and says why it passed', async () => {
    const accepted = {
      ...proposal('PROPOSAL_STATUS_ACCEPTED', -60_000),
      final_tally_result: { yes_count: '7', abstain_count: '0', no_count: '1', no_with_veto_count: '0' },
    };
    renderWithApp(<TallyPanel endpoint="" proposal={accepted} policy={policy} group={group} />);
    await tick(10);
    expect(screen.getByTestId('tally-final')).toBeInTheDocument();
    expect(screen.getByTestId('tally-yes_count')).toHaveTextContent('7');
    expect(screen.getByTestId('tally-verdict')).toHaveTextContent(
      'AcceptedWhen the chain tallied it, the yes weight (7) reached its policy’s pass line (today: threshold 6).',
    );
    // Today's group is not the one it was tallied with: no pass line is drawn against it.
    expect(screen.queryByTestId('threshold-line')).toBeNull();
    expect(screen.getByTestId('tally-line-unknown')).toBeInTheDocument();
    await tick(30_000);
    expect(calls).toBe(0);
  });

  it('says the weights are being read, with no interim table, while the archive has not recorded the tally', async () => {
    const accepted = {
      ...proposal('PROPOSAL_STATUS_ACCEPTED', -1_000),
      final_tally_result: { yes_count: '7', abstain_count: '0', no_count: '1', no_with_veto_count: '0' },
    };
    renderWithApp(<TallyPanel endpoint="" proposal={accepted} policy={policy} group={group} talliedWithComing />);
    await tick(10);
    expect(screen.getByTestId('tally-weights-coming')).toHaveTextContent(
      'Voting has ended and the chain has tallied it: reading from the archive',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('tally-line-unknown')).toBeNull();
  });

  it('draws a rejected final tally against the weights it was tallied with, and says by how much it fell short', async () => {
    const rejected = {
      ...proposal('PROPOSAL_STATUS_REJECTED', -60_000),
      final_tally_result: { yes_count: '19', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
    };
    const talliedWith = {
      total_weight: '40.75',
      decision_policy: {
        '@type': '/cosmos.group.v1.PercentageDecisionPolicy' as const,
        percentage: '0.5',
        windows: { voting_period: '86400s', min_execution_period: '0s' },
      },
    };
    renderWithApp(
      <TallyPanel endpoint="" proposal={rejected} policy={policy} group={group} talliedWith={talliedWith} />,
    );
    await tick(10);
    // Yes is under half the bar, not a solid win: the share is of the total weight then.
    expect(screen.getByRole('img', { name: /pass line at 50% of the total weight/ })).toBeInTheDocument();
    expect(screen.getByTestId('threshold-line')).toBeInTheDocument();
    expect(screen.getByTestId('tally-verdict')).toHaveTextContent(
      'RejectedThe pass line when the chain tallied it was ≈ 20.38 yes weight (50% of 40.75). Yes had 19, ≈ 1.38 short of it, so the proposal was rejected.',
    );
  });

  it('never rounds a share into a landslide: a tiny veto reads "< 0.01%" and is drawn, yes reads "> 99.99%"', async () => {
    const lopsided = {
      ...proposal('PROPOSAL_STATUS_ACCEPTED', -60_000),
      final_tally_result: { yes_count: '1230000000', abstain_count: '0', no_count: '0', no_with_veto_count: '1' },
    };
    const talliedWith = { total_weight: '1230000001', decision_policy: policy.decision_policy };
    renderWithApp(
      <TallyPanel endpoint="" proposal={lopsided} policy={policy} group={group} talliedWith={talliedWith} />,
    );
    await tick(10);
    expect(screen.getByTestId('share-yes_count')).toHaveTextContent('> 99.99%');
    expect(screen.getByTestId('share-no_with_veto_count')).toHaveTextContent('< 0.01%');
    expect(screen.getByTestId('share-no_with_veto_count')).toHaveAttribute('title', '1 of 1,230,000,001');
    expect(screen.getByTestId('share-no_count')).toHaveTextContent(/^0%$/);
    const sections = screen.getByRole('img', { name: /^Tally:/ }).querySelectorAll('[class*=section]');
    expect(sections).toHaveLength(2);
  });

  it('does not ask for the tally of a withdrawn proposal (the chain refuses it)', async () => {
    renderWithApp(
      <TallyPanel endpoint="" proposal={proposal('PROPOSAL_STATUS_WITHDRAWN', 60_000)} policy={policy} group={group} />,
    );
    await tick(10_000);
    expect(calls).toBe(0);
    expect(screen.getByText(/A withdrawn proposal has no tally/)).toBeInTheDocument();
  });
});
