import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ArchiveStatus } from '../../api/archive.ts';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { renderWithApp } from '../../test/render.tsx';
import { GroupModuleNotice } from './group-module-notice.tsx';

// The notice above every page once the archive says the chain's upgrade removed x/group: since
// which height, with which upgrade (the chain's own text, its direction controls as markers) and
// when; nothing while the chain has x/group or the archive has not said.

const ENDPOINT = '';
const status: ArchiveStatus = {
  chain_id: 'test-1',
  phase: 'following',
  problem: null,
  earliest_height: '1',
  latest_height: '2000',
  latest_block_time: '2026-01-03T00:00:00Z',
  node_latest_height: '2000',
  lag: '0',
  backfill: null,
  fill: null,
  fill_problem: null,
  group_module: null,
};

/** The notice with the archive's status already read (as the shell's other readers leave it). */
function renderNotice(groupModule: ArchiveStatus['group_module']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(archiveStatusQuery(ENDPOINT).queryKey, { ...status, group_module: groupModule });
  return renderWithApp(<GroupModuleNotice endpoint={ENDPOINT} />, '/', client);
}

describe('GroupModuleNotice', () => {
  it('says at which height, with which upgrade and when the chain removed x/group', async () => {
    renderNotice({
      present: false,
      left_at_height: '1234',
      left_with_upgrade: 'v6-\u202Ecirrus',
      left_at_time: '2026-01-02T12:00:00Z',
      rebuilt_from_transactions: null,
    });
    const notice = await screen.findByTestId('group-module-notice');
    expect(notice).toHaveTextContent('No x/group on this chain any more');
    expect(notice).toHaveTextContent(
      'The chain removed its x/group module at height 1,234, with the upgrade “v6-⟨RLO⟩cirrus”',
    );
    expect(notice.textContent).not.toContain('\u202E');
    expect(notice.querySelector('time')).not.toBeNull();
    expect(notice).toHaveTextContent('the group pages show their history as the archive kept it');
    expect(screen.queryByTestId('groups-rebuilt')).toBeNull();
  });

  it('says that the groups and policies of an archive begun after the drop come from transactions', async () => {
    renderNotice({
      present: false,
      left_at_height: '1234',
      left_with_upgrade: 'v6',
      left_at_time: null,
      rebuilt_from_transactions: { groups: 7, policies: 1, through_height: '1300', from_genesis: true },
    });
    expect(await screen.findByTestId('groups-rebuilt')).toHaveTextContent(
      'The archive began after that, so its 7 groups and 1 policy are rebuilt from the transactions that created and changed them (and from the chain’s genesis), not read from the chain’s state.',
    );
  });

  it('names the genesis only where the rebuild began from it, and says when nothing could be rebuilt', async () => {
    renderNotice({
      present: false,
      left_at_height: '1234',
      left_with_upgrade: 'v6',
      left_at_time: null,
      rebuilt_from_transactions: { groups: 2, policies: 0, through_height: '1300', from_genesis: false },
    });
    const line = await screen.findByTestId('groups-rebuilt');
    expect(line).toHaveTextContent(
      'its 2 groups and 0 policies are rebuilt from the transactions that created and changed them, not read',
    );
    expect(line.textContent).not.toContain('genesis');
  });

  it('says so for a chain that had no x/group when the archive began', async () => {
    renderNotice({
      present: false,
      left_at_height: null,
      left_with_upgrade: null,
      left_at_time: null,
      rebuilt_from_transactions: null,
    });
    expect(await screen.findByTestId('group-module-notice')).toHaveTextContent(
      'This chain had no x/group module when the archive began following it.',
    );
  });

  it('shows nothing while the chain has x/group, or before the archive has recorded module versions', () => {
    renderNotice({
      present: true,
      left_at_height: null,
      left_with_upgrade: null,
      left_at_time: null,
      rebuilt_from_transactions: null,
    });
    expect(screen.queryByTestId('group-module-notice')).toBeNull();
    renderNotice(null);
    expect(screen.queryByTestId('group-module-notice')).toBeNull();
  });
});
