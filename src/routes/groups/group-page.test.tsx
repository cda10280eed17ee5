import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { alice, bob, chainAnswers } from '../../test/chain-fixtures.ts';
import { archiveAnswers, stubNodeAndArchive } from '../../test/fake-archive.ts';
import { stubNode } from '../../test/fake-node.ts';
import { renderRoute } from '../../test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const CONFIG = '/polity/config.json';

describe('the group page, mounted through the real route table', () => {
  it('shows the group, its members with their shares, its proposals and its policies', async () => {
    stubNode(chainAnswers, { 'x-cosmos-block-height': '42' });
    renderRoute('/groups/1');
    expect(await screen.findByRole('heading', { name: 'Core contributors', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('total-weight')).toHaveTextContent('4');
    const membersTable = await screen.findByRole('table', { name: 'Members' });
    const memberRow = (address: string) =>
      within(membersTable).getByRole('row', { name: new RegExp(address.slice(0, 12)) });
    expect(memberRow(alice)).toHaveTextContent('25%');
    expect(memberRow(bob)).toHaveTextContent('75%');
    expect(await screen.findByTestId('group-proposals')).toHaveTextContent('#7 Raise the budget');
    const policies = await screen.findByRole('table', { name: 'Group policies' });
    expect(policies).toHaveTextContent('threshold 3 · votes 1 day');
    // The API client reports the height header; the shell shows it.
    expect(screen.getByTestId('latest-height')).toHaveTextContent('height 42');
  });

  it('reads through the chosen endpoint, and keeps it in links', async () => {
    const { requests } = stubNode(chainAnswers);
    renderRoute('/groups/1?api=/upstream/compat');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    expect(requests.length).toBeGreaterThan(0);
    // Node and archive paths alike (the archive of a proxied chain is under the same prefix); this
    // server is asked only which chains it serves.
    expect(
      requests.filter((url) => !/^\/upstream\/compat\/(cosmos|polity\/archive\/v1)\//.test(url) && url !== CONFIG),
    ).toEqual([]);
    expect(screen.getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/groups?api=%2Fupstream%2Fcompat');
  });

  it('refuses an id that is not a number without asking the node anything', async () => {
    const { requests } = stubNode(chainAnswers);
    renderRoute('/groups/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('"abc" is not a group id');
    // The shell asks the archive's status on every page (for its notices); the node nothing.
    expect(requests.filter((url) => url !== CONFIG && url !== '/polity/archive/v1/status')).toEqual([]);
  });

  it('says when the node has no such group', async () => {
    stubNode(chainAnswers);
    renderRoute('/groups/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Group #999: not found');
  });

  it('says above its members and policies whether the archive proves them complete, and from which state', async () => {
    const range = (count: string) => ({ proof: { kind: 'range', height: '41', verified: true }, count });
    stubNodeAndArchive({
      ...archiveAnswers,
      'groups/1': {
        group: {},
        member_set: range('2'),
        policy_set: {
          proof: { kind: 'none', height: null, reason: 'not proven yet: the archive is catching up' },
          count: null,
        },
      },
    });
    renderRoute('/groups/1');
    expect(await screen.findByTestId('group-members-completeness')).toHaveTextContent(
      'Proven complete: the chain held exactly 2 members in this group in the state after block 40 — each one, and no other, by absence proofs from neighbour to neighbour (the proof panel on this page checks it). Changes after block 40 are not proven.',
    );
    expect(screen.getByTestId('group-policies-completeness')).toHaveTextContent(
      'Not proven complete: not proven yet: the archive is catching up. Each policy is still proven on its own where it says so.',
    );
  });

  it('says nothing of completeness where the server keeps no archive', async () => {
    stubNodeAndArchive('absent');
    renderRoute('/groups/1');
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByTestId('group-members-completeness')).toBeNull();
  });
});
