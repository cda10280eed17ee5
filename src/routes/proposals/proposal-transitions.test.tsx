import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ArchivedProposal } from '../../api/archive.ts';
import type { Proposal } from '../../api/schemas.ts';
import { chainAnswers, proposal as open, policy, tally } from '../../test/chain-fixtures.ts';
import { archiveAnswers, archivedOpen, stubNodeAndArchive } from '../../test/fake-archive.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { jsonResponse } from '../../test/render.tsx';

// A proposal page left open follows the chain to the end without a reload: each way a proposal
// leaves voting (decided at voting end, pruned by an execution, withdrawn) reaches the page, and
// none shows as an error.

afterEach(() => vi.unstubAllGlobals());

const finalTally = { yes_count: '4', abstain_count: '0', no_count: '0', no_with_veto_count: '0' };
const notFound = () =>
  jsonResponse({ code: 2, message: 'codespace sdk code 38: not found: load proposal', details: [] }, 500);

/** The node's answers while `state()` says where the chain is, beside the fixture chain's. */
function nodeFollowing(proposal: () => Proposal | 'pruned', tallyAnswer: () => Response) {
  return {
    ...chainAnswers,
    '/cosmos/group/v1/proposal/7': () => {
      const now = proposal();
      return now === 'pruned' ? notFound() : jsonResponse({ proposal: now });
    },
    '/cosmos/group/v1/proposals/7/tally': () => tallyAnswer(),
  };
}

function archiveRecord(record: ArchivedProposal, timeline: unknown[], talliedWith: unknown = null) {
  return { proposal: record, timeline, tallied_with: talliedWith, vote_count: '2' };
}

const submitted = {
  height: '20',
  time: '2026-01-02T00:00:00Z',
  kind: 'submitted',
  status: 'PROPOSAL_STATUS_SUBMITTED',
  detail: null,
};

/** Nothing on the page is an error (the tally's verdict is the one alert), and no node text shows. */
function expectNoErrorShown() {
  for (const alert of screen.queryAllByRole('alert'))
    expect(alert.textContent).not.toMatch(/could not|failed|stale|not found|refused|removed/i);
  expect(screen.queryByText(/Stale/)).toBeNull();
  expect(document.body.textContent).not.toContain('codespace');
}

describe('a proposal page left open', () => {
  it('shows the decision at voting end: final tally, the deciding block, and the votes as counted', async () => {
    const end = new Date(Date.now() + 8000).toISOString();
    let decided = false;
    const accepted: Proposal = {
      ...open,
      voting_period_end: end,
      status: 'PROPOSAL_STATUS_ACCEPTED',
      final_tally_result: finalTally,
    };
    const voting: Proposal = { ...open, voting_period_end: end };
    stubNodeAndArchive(
      {
        ...archiveAnswers,
        'proposals/7': () =>
          jsonResponse(
            decided
              ? archiveRecord(
                  { ...archivedOpen, ...accepted, on_chain: true },
                  [
                    submitted,
                    {
                      height: '51',
                      time: end.replace(/\.\d+Z$/, '.5Z'),
                      kind: 'voting_ended',
                      status: 'PROPOSAL_STATUS_ACCEPTED',
                      detail: finalTally,
                    },
                  ],
                  {
                    total_weight: '4',
                    decision_policy: policy.decision_policy,
                  },
                )
              : archiveRecord({ ...archivedOpen, voting_period_end: end }, [submitted]),
          ),
        'proposals/7/votes': { votes: [], pagination: { next_key: null, total: '0' } },
      },
      nodeFollowing(
        () => {
          // The end-blocker decides at the first block after voting ends.
          decided = Date.now() > Date.parse(end) + 200;
          return decided ? accepted : voting;
        },
        () => jsonResponse({ tally }),
      ),
    );
    renderRoute('/proposals/7');
    expect(await screen.findByTestId('tally-live', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(await screen.findByTestId('tally-final', {}, { timeout: 16_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('proposal-decided')).toHaveTextContent('height 51'), {
      timeout: 12_000,
    });
    expect(screen.getByTestId('proposal-decided')).toHaveTextContent('when its voting period ended');
    expect(await screen.findByRole('heading', { name: 'Votes as counted (archive)' })).toBeInTheDocument();
    expect(screen.getByTestId('tally-yes_count')).toHaveTextContent('4');
    expectNoErrorShown();
  });

  it('moves to the archive’s record when the chain executes and prunes the proposal', async () => {
    let pruned = false;
    let archiveCaughtUp = false;
    const executed: ArchivedProposal = {
      ...archivedOpen,
      status: 'PROPOSAL_STATUS_ACCEPTED',
      executor_result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
      final_tally_result: finalTally,
      on_chain: false,
      pruned_height: '33',
    };
    stubNodeAndArchive(
      {
        ...archiveAnswers,
        'proposals/7': () => {
          // The archive follows a block behind: the first read after the prune still has it open.
          const record = archiveCaughtUp
            ? archiveRecord(executed, [
                submitted,
                {
                  height: '33',
                  time: '2026-01-02T03:00:00Z',
                  kind: 'status',
                  status: 'PROPOSAL_STATUS_ACCEPTED',
                  detail: null,
                },
                {
                  height: '33',
                  time: '2026-01-02T03:00:00Z',
                  kind: 'pruned',
                  status: 'PROPOSAL_STATUS_ACCEPTED',
                  detail: finalTally,
                },
              ])
            : archiveRecord(archivedOpen, [submitted]);
          if (pruned) archiveCaughtUp = true;
          return jsonResponse(record);
        },
        'proposals/7/votes': { votes: [], pagination: { next_key: null, total: '0' } },
      },
      nodeFollowing(
        () => (pruned ? 'pruned' : open),
        () => (pruned ? notFound() : jsonResponse({ tally })),
      ),
    );
    renderRoute('/proposals/7');
    expect(await screen.findByTestId('tally-live', {}, { timeout: 6000 })).toBeInTheDocument();
    pruned = true;
    expect(await screen.findByTestId('proposal-pruned', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('tally-final')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('proposal-decided')).toHaveTextContent('height 33'));
    expect(screen.getByTestId('proposal-decided')).toHaveTextContent('before its voting period’s end');
    expect(screen.getByTestId('votes-pruned-note')).toHaveTextContent('The chain has pruned this proposal');
    expectNoErrorShown();
  });

  it('says a withdrawn proposal has no tally, the moment the node stops counting it', async () => {
    let withdrawn = false;
    stubNodeAndArchive(
      'absent',
      nodeFollowing(
        () => (withdrawn ? { ...open, status: 'PROPOSAL_STATUS_WITHDRAWN' } : open),
        () =>
          withdrawn
            ? jsonResponse(
                {
                  code: 2,
                  message: "invalid value: can't get the tally of a proposal with status PROPOSAL_STATUS_WITHDRAWN",
                  details: [],
                },
                500,
              )
            : jsonResponse({ tally }),
      ),
    );
    renderRoute('/proposals/7');
    expect(await screen.findByTestId('tally-live', {}, { timeout: 6000 })).toBeInTheDocument();
    withdrawn = true;
    expect(await screen.findByText(/A withdrawn proposal has no tally/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
    expectNoErrorShown();
  });
});
