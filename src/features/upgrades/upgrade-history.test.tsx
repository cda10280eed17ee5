import { focusManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithApp } from '../../test/render.tsx';
import { ModuleVersionsCard } from './module-versions-card.tsx';
import { UpgradeHistory } from './upgrade-history.tsx';

const START = Date.UTC(2026, 10, 24, 11, 0, 0);
const blockTime = (height: number) => new Date(START + (height - 1000) * 2000).toISOString();
const plan = (name: string, height: string) => ({
  name,
  height,
  info: '{"bumps":"bank"}',
  scheduled_at_height: '1000',
  scheduled_by: { kind: 'gov', id: '3' },
  applied_height: null,
  applied_time: null,
});
const upgrades = {
  applied: [{ ...plan('v6-cirrus-r1', '1010'), applied_height: '1010', applied_time: blockTime(1010) }],
  scheduled: plan('v7-dorado', '1100'),
  cancelled: [],
  module_versions: [
    { name: 'bank', version: '5', since_height: '1010' },
    { name: 'group', version: '2', since_height: '1000' },
  ],
  module_version_changes: [
    { name: 'bank', version: '4', height: '1000' },
    { name: 'group', version: '2', height: '1000' },
    { name: 'bank', version: '5', height: '1010' },
    { name: 'group', version: '2', height: '1010' },
  ],
};

/**
 * A chain making a block every 2 s, with an archive, whose head moves one block each time the
 * page asks; `rpc: false` makes a node that serves no block times at all.
 */
function stubChain({ rpc }: { rpc: boolean }) {
  let height = 1040;
  const headReads = { count: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://polity.test');
      const path = url.pathname;
      if (path === '/polity/archive/v1/upgrades') return jsonResponse(upgrades);
      if (path === '/cosmos/upgrade/v1beta1/current_plan') return jsonResponse({ plan: null });
      if (path === '/cosmos/upgrade/v1beta1/module_versions')
        return jsonResponse({
          module_versions: [
            { name: 'bank', version: '5' },
            { name: 'group', version: '2' },
          ],
        });
      if (rpc && path === '/rpc/status') {
        height += 1;
        headReads.count += 1;
        return jsonResponse({
          result: { sync_info: { latest_block_height: String(height), latest_block_time: blockTime(height) } },
        });
      }
      if (rpc && path === '/rpc/blockchain') {
        const metas = Array.from({ length: 20 }, (_, index) => ({
          header: { height: String(height - index), time: blockTime(height - index) },
        }));
        return jsonResponse({ result: { last_height: String(height), block_metas: metas } });
      }
      return jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);
    }),
  );
  return headReads;
}

afterEach(() => {
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

describe('the next upgrade', () => {
  it('is estimated from the median of recent block times, and counts down as blocks come', async () => {
    stubChain({ rpc: true });
    renderWithApp(<UpgradeHistory endpoint="" />);
    expect(await screen.findByText(/2\.0 s per block, median of the last 20 blocks/)).toBeInTheDocument();
    const blocksLeft = screen.getByTestId('blocks-left');
    const first = Number(blocksLeft.textContent?.replace(/\D/g, ''));
    expect(first).toBeLessThanOrEqual(59);
    // The page asks for the head about once per block (2 s here) and the count follows it.
    await vi.waitFor(() => expect(Number(blocksLeft.textContent?.replace(/\D/g, ''))).toBeLessThan(first), {
      timeout: 8000,
      interval: 200,
    });
  });

  it('stops asking for the head while the tab is hidden, and asks again when it is shown', async () => {
    const headReads = stubChain({ rpc: true });
    renderWithApp(<UpgradeHistory endpoint="" />);
    await screen.findByText(/median of the last 20 blocks/);
    focusManager.setFocused(false);
    const whileHidden = headReads.count;
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(headReads.count).toBe(whileHidden);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(headReads.count).toBeGreaterThan(whileHidden), { timeout: 5000 });
  });

  it('says the pace is assumed where the node serves no block times', async () => {
    stubChain({ rpc: false });
    renderWithApp(<UpgradeHistory endpoint="" />);
    expect(await screen.findByText(/5\.0 s per block, assumed: this node serves no block times/)).toBeInTheDocument();
  });
});

describe('what the upgrades’ proof covers', () => {
  it('sits above the list of applied upgrades, and says the schedule beside it is not proven', async () => {
    stubChain({ rpc: false });
    renderWithApp(<UpgradeHistory endpoint="" proof={() => <div data-testid="proof-here" />} />);
    const proof = await screen.findByTestId('proof-here');
    const list = await screen.findByTestId('applied-history');
    expect(proof.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('upgrades-unproven')).toHaveTextContent(
      'The proof covers the applied upgrades only, each by the done marker the upgrade module stores. The next plan, cancelled plans and the proposals that scheduled them are what the archive read, not proven here.',
    );
  });
});

describe('module versions', () => {
  it('say a version unchanged since the archive began is unchanged in its record (its first height said once), and when one changed', async () => {
    stubChain({ rpc: false });
    renderWithApp(<ModuleVersionsCard endpoint="" />);
    const table = await screen.findByTestId('module-versions');
    expect(await within(table).findByRole('row', { name: /^group/ })).toHaveTextContent(
      'unchanged in the archive’s record',
    );
    expect(table).not.toHaveTextContent('first seen at');
    expect(within(table).getByRole('row', { name: /^bank/ })).toHaveTextContent('4 → 5 at 1,010');
    expect(screen.getByTestId('module-record-start')).toHaveTextContent('record begins at height 1,000');
  });

  it('appear in one table on the page, not again in the history', async () => {
    stubChain({ rpc: false });
    renderWithApp(
      <>
        <UpgradeHistory endpoint="" />
        <ModuleVersionsCard endpoint="" />
      </>,
    );
    await screen.findByTestId('applied-history');
    await screen.findByTestId('module-versions');
    expect(screen.getAllByText('group', { exact: true })).toHaveLength(1);
    expect(screen.getAllByRole('columnheader', { name: /version/i })).toHaveLength(1);
  });
});
