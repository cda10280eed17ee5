import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../test/render-route.tsx';
import { jsonResponse } from '../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const INFO = '{"binaries":{"linux/amd64":"https://example.org/simd-v7"}}';
const scheduled = {
  name: 'v7-dorado',
  height: '1100',
  info: INFO,
  scheduled_at_height: '1000',
  scheduled_by: { kind: 'gov', id: '3' },
  applied_height: null,
  applied_time: null,
};
const nodePlan = {
  name: 'v7-dorado',
  height: '1100',
  info: INFO,
  time: '0001-01-01T00:00:00Z',
  upgraded_client_state: null,
};
const govProposal = {
  id: '3',
  title: 'Upgrade to v7-dorado',
  summary: 'Bumps bank.',
  status: 'PROPOSAL_STATUS_PASSED',
  messages: [],
};

/** A node (and, unless `archive` is false, its archive) with the plan above scheduled by gov proposal #3. */
function stubUpgrades({ archive = true, plan = nodePlan }: { archive?: boolean; plan?: typeof nodePlan | null } = {}) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://polity.test');
      requests.push(url.pathname);
      const path = url.pathname;
      if (path.startsWith('/polity/archive/v1/')) {
        if (!archive) return jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);
        if (path === '/polity/archive/v1/upgrades')
          return jsonResponse({
            applied: [],
            scheduled,
            cancelled: [],
            module_versions: [{ name: 'group', version: '2', since_height: '1000' }],
            module_version_changes: [],
          });
        if (path === '/polity/archive/v1/status') return jsonResponse({ phase: 'following', latest_height: '1040' });
      }
      if (path === '/cosmos/upgrade/v1beta1/current_plan') return jsonResponse({ plan });
      if (path === '/cosmos/upgrade/v1beta1/module_versions')
        return jsonResponse({ module_versions: [{ name: 'group', version: '2' }] });
      if (path === '/cosmos/gov/v1/proposals/3') return jsonResponse({ proposal: govProposal });
      return jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);
    }),
  );
  return requests;
}

describe('the upgrades page', () => {
  it('names the x/gov proposal that scheduled the next upgrade by its title and id', async () => {
    stubUpgrades();
    renderRoute('/upgrades');
    const scheduledBy = await screen.findByTestId('scheduled-by');
    await vi.waitFor(() => expect(scheduledBy).toHaveTextContent('x/gov proposal #3 “Upgrade to v7-dorado”'));
  });

  it('shows the scheduled plan once: its name, height and info in the next upgrade, no second card', async () => {
    stubUpgrades();
    renderRoute('/upgrades');
    const next = (await screen.findByRole('heading', { name: 'Next upgrade' })).closest('.mantine-Card-root');
    if (!(next instanceof HTMLElement)) throw new Error('no card around the next upgrade');
    await vi.waitFor(() => expect(next).toHaveTextContent('example.org/simd-v7'));
    // Let the node's own plan arrive too: it must not become a second card saying the same.
    await screen.findByTestId('gov-proposal-title');
    expect(screen.queryByRole('heading', { name: /current plan/i })).toBeNull();
    expect(document.body.textContent?.split('example.org/simd-v7')).toHaveLength(2);
  });

  it('shows it once on a plain node too, from current_plan', async () => {
    stubUpgrades({ archive: false });
    renderRoute('/upgrades');
    const countdown = await screen.findByTestId('plan-countdown');
    await vi.waitFor(() => expect(countdown.parentElement).toHaveTextContent('example.org/simd-v7'));
    expect(screen.queryByRole('heading', { name: /current plan/i })).toBeNull();
    expect(document.body.textContent?.split('example.org/simd-v7')).toHaveLength(2);
  });

  it('says once that nothing is scheduled', async () => {
    stubUpgrades({ archive: false, plan: null });
    renderRoute('/upgrades');
    await screen.findByRole('heading', { name: 'Next upgrade' });
    await screen.findAllByText('No upgrade is scheduled.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getAllByText('No upgrade is scheduled.')).toHaveLength(1);
  });
});
