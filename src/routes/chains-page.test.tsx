import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../test/render-route.tsx';
import { jsonResponse } from '../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const proposal = (id: string, title: string, status: string, end: string) => ({
  id,
  group_id: '1',
  group_name: 'Stewards',
  group_policy_address: 'x',
  policy_name: 'p',
  proposers: [],
  metadata: null,
  title,
  summary: null,
  submit_time: null,
  voting_period_end: end,
  status,
  executor_result: null,
  final_tally_result: {},
  on_chain: true,
  pruned_height: null,
  known_from_height: null,
  last_seen_height: null,
});
const page = (rows: unknown[], total = String(rows.length)) => ({
  proposals: rows,
  pagination: { next_key: null, total },
});

/** Two chains: this server's own (archived, an upgrade planned) and a proxied plain node. */
function serve(url: URL): Response {
  const path = url.pathname;
  const status = url.searchParams.get('status');
  if (path === '/polity/config.json')
    return jsonResponse({
      chains: [
        { name: 'local', path: '', pretty_name: 'Embedded chain', chain_id: 'polity-polity', archive: true },
        { name: 'compat', path: '/upstream/compat', pretty_name: 'compat', chain_id: null, archive: false },
      ],
    });
  if (path === '/polity/archive/v1/proposals') {
    if (url.searchParams.get('voting_open') === 'true')
      return jsonResponse(page([proposal('9', 'Open one', 'PROPOSAL_STATUS_SUBMITTED', '2099-01-01T00:00:00Z')], '14'));
    if (status === 'PROPOSAL_STATUS_ACCEPTED')
      return jsonResponse(page([proposal('7', 'Accepted', status, '2026-01-02T00:00:00Z')]));
    if (status === 'PROPOSAL_STATUS_REJECTED')
      return jsonResponse(page([proposal('10', 'Rejected later', status, '2026-01-01T00:00:00Z')]));
  }
  if (path === '/cosmos/upgrade/v1beta1/current_plan')
    return jsonResponse({
      plan: { name: 'v7', height: '123456', time: '0001-01-01T00:00:00Z', info: '', upgraded_client_state: null },
    });
  if (path === '/upstream/compat/cosmos/upgrade/v1beta1/current_plan') return jsonResponse({ plan: null });
  return jsonResponse({ code: 5, message: 'not here', details: [] }, 404);
}

describe('the chains page', () => {
  it('shows every served chain side by side: open proposals, latest decisions, next upgrade', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => serve(new URL(String(input), 'http://polity.test'))),
    );
    renderRoute('/chains');
    const local = await screen.findByTestId('chain-summary-local');
    expect(await within(local).findByText(/Open proposals · 14/)).toBeInTheDocument();
    expect(within(local).getByRole('link', { name: '#9 Open one' })).toHaveAttribute('href', '/proposals/9');
    const decisions = await within(local).findAllByRole('link', { name: /Accepted|Rejected later/ });
    // Newest first by id: #10 after #9 as numbers, not as text.
    expect(decisions.map((link) => link.textContent)).toEqual(['#10 Rejected later', '#7 Accepted']);
    await waitFor(() =>
      expect(screen.getByTestId('chain-next-upgrade-local')).toHaveTextContent('v7 at height 123,456'),
    );
    const compat = screen.getByTestId('chain-summary-compat');
    expect(within(compat).getByRole('link', { name: 'compat' })).toHaveAttribute('href', '/?api=%2Fupstream%2Fcompat');
    expect(compat).toHaveTextContent('No archive here to list them');
    expect(await within(compat).findByText(/none scheduled/)).toBeInTheDocument();
  });
});

describe('a chain whose archive has read nothing', () => {
  /** The node does not answer: the archive holds no block, and says why. */
  function unreachable(url: URL): Response {
    if (url.pathname === '/polity/config.json')
      return jsonResponse({
        chains: [{ name: 'local', path: '', pretty_name: 'Embedded chain', chain_id: 'polity-polity', archive: true }],
      });
    if (url.pathname === '/polity/archive/v1/status')
      return jsonResponse({
        chain_id: null,
        phase: 'following',
        problem: 'cannot reach the node: fetch failed: connect ECONNREFUSED',
        earliest_height: null,
        latest_height: null,
        latest_block_time: null,
        node_latest_height: null,
        lag: null,
      });
    if (url.pathname === '/polity/archive/v1/proposals') return jsonResponse(page([], '0'));
    if (url.pathname === '/polity/archive/v1/upgrades')
      return jsonResponse({ applied: [], cancelled: [], scheduled: null, module_versions: [] });
    return jsonResponse({ code: 14, message: 'cannot reach the node', details: [] }, 503);
  }

  it('says "not read" and why, never a count of 0 or "none", on the chains, proposals and upgrades pages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => unreachable(new URL(String(input), 'http://polity.test'))),
    );
    const chains = renderRoute('/chains');
    const local = await screen.findByTestId('chain-summary-local');
    expect(await within(local).findByTestId('chain-unread')).toHaveTextContent(
      'Not read: cannot reach the node: fetch failed: connect ECONNREFUSED.',
    );
    expect(within(local).getByText('Open proposals')).toBeInTheDocument();
    expect(within(local).queryByText(/None open for voting|None decided yet/)).toBeNull();
    chains.unmount();
    const proposals = renderRoute('/proposals');
    expect(await screen.findByTestId('archive-unread')).toHaveTextContent(
      'Proposals: not readThis chain’s archive holds nothing yet, so it cannot say what there is. The server says: cannot reach the node',
    );
    expect(screen.queryByText(/No proposal matches these filters/)).toBeNull();
    proposals.unmount();
    renderRoute('/upgrades');
    expect(await screen.findByTestId('archive-unread')).toHaveTextContent(/^Upgrades: not read/);
    expect(screen.queryByText('No upgrade is scheduled.')).toBeNull();
  });
});
