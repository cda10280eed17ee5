import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { alice, bob, group, members, policy } from '../../test/chain-fixtures.ts';
import { archiveAnswers, archivedOpen, archivedPruned } from '../../test/fake-archive.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { jsonResponse } from '../../test/render.tsx';

// A chain whose upgrade removed x/group: its node answers every group route 501, and its archive's
// status says since when. Every page a reader reaches shows the archive's record instead of an
// error; a plain node (no archive) still says it does not serve groups.

afterEach(() => vi.unstubAllGlobals());

const NOT_IMPLEMENTED = { code: 12, message: 'Not Implemented', details: [] };
const ARCHIVE = '/polity/archive/v1/';
const onePage = (total: number) => ({ next_key: null, total: String(total) });

const leftStatus = {
  ...(archiveAnswers.status as Record<string, unknown>),
  group_module: {
    present: false,
    left_at_height: '120',
    left_with_upgrade: 'v6-cirrus',
    left_at_time: '2026-01-02T12:00:00Z',
  },
};

const archive: Record<string, unknown> = {
  status: leftStatus,
  groups: { groups: [{ ...group, name: 'Core contributors' }], pagination: onePage(1) },
  'groups/1': { group: { ...group, name: 'Core contributors' } },
  'groups/1/members': {
    members: members.map(({ group_id, member }) => ({ group_id, ...member, proof: { kind: 'none' } })),
    pagination: onePage(members.length),
  },
  'groups/1/policies': { policies: [{ ...policy, proof: { kind: 'none' } }] },
  'groups/1/history': { events: [], pagination: onePage(0) },
  [`policies/${policy.address}`]: { policy: { ...policy, proof: { kind: 'none' } } },
  // The policy page asks for its ledger too; left unanswered, a slow run saw its "not found" alert.
  [`policies/${policy.address}/ledger`]: { transfers: [], pagination: onePage(0) },
  policies: { policies: [{ ...policy, proof: { kind: 'none' } }], pagination: onePage(1) },
  proposals: { proposals: [archivedOpen, archivedPruned], pagination: onePage(2) },
};

const upgradeAnswers: Record<string, unknown> = {
  '/cosmos/upgrade/v1beta1/module_versions': { module_versions: [{ name: 'upgrade', version: '2' }] },
  '/cosmos/upgrade/v1beta1/current_plan': { plan: null },
};

/** A node without x/group (every group route 501), with this archive, or none ('absent'). */
function stubChainWithoutGroups(archiveAnswersNow: Record<string, unknown> | 'absent') {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://polity.test');
      requests.push(`${url.pathname}${url.search}`);
      const at = url.pathname.indexOf(ARCHIVE);
      if (at >= 0) {
        if (archiveAnswersNow === 'absent') return jsonResponse(NOT_IMPLEMENTED, 501);
        const answer = archiveAnswersNow[url.pathname.slice(at + ARCHIVE.length)];
        return answer === undefined
          ? jsonResponse({ code: 5, message: 'not in the archive', details: [] }, 404)
          : jsonResponse(answer);
      }
      if (url.pathname.includes('/cosmos/group/v1/')) return jsonResponse(NOT_IMPLEMENTED, 501);
      const answer = upgradeAnswers[url.pathname];
      return answer === undefined
        ? jsonResponse({ code: 2, message: 'not found', details: [] }, 500)
        : jsonResponse(answer, 200, { 'x-cosmos-block-height': '130' });
    }),
  );
  return { requests };
}

describe('a chain whose upgrade removed x/group', () => {
  it('shows a group from the archive: its record, members, policies and proposals, pruned ones too', async () => {
    stubChainWithoutGroups(archive);
    renderRoute('/groups/1');
    expect(await screen.findByRole('heading', { name: 'Core contributors', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('total-weight')).toHaveTextContent('4');
    const membersTable = await screen.findByRole('table', { name: 'Members' });
    const memberRow = (address: string) =>
      within(membersTable).getByRole('row', { name: new RegExp(address.slice(0, 12)) });
    expect(memberRow(alice)).toHaveTextContent('25%');
    expect(memberRow(bob)).toHaveTextContent('75%');
    const proposals = await screen.findByTestId('group-proposals');
    expect(proposals).toHaveTextContent('#7 Raise the budget');
    expect(proposals).toHaveTextContent('#5 Hire an auditor');
    expect(proposals).toHaveTextContent('The newest the archive kept');
    expect(await screen.findByRole('table', { name: 'Group policies' })).toHaveTextContent('threshold 3 · votes 1 day');
    expect(await screen.findByTestId('group-module-notice')).toHaveTextContent('at height 120');
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('shows a policy from the archive, with every proposal the archive kept', async () => {
    stubChainWithoutGroups(archive);
    renderRoute(`/policies/${policy.address}`);
    expect(await screen.findByRole('heading', { name: 'Proposals the archive kept' })).toBeInTheDocument();
    expect(await screen.findByText('Raise the budget')).toBeInTheDocument();
    expect(screen.getByText('Hire an auditor')).toBeInTheDocument();
    expect(screen.getByTestId('policy-archived-proposals')).toHaveTextContent('no longer has x/group');
    // Its group named from the archive's record too.
    expect(await screen.findByText(/Core contributors/)).toBeInTheDocument();
    // Every request answered first, then no alert: a fast run must not pass only by asserting early.
    expect(await screen.findByText(/No transfer in or out of this policy/)).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('lists the policies an address administers from the archive, asked by its admin', async () => {
    const { requests } = stubChainWithoutGroups(archive);
    renderRoute(`/voters/${alice}?tab=policies`);
    const table = await screen.findByRole('table', { name: 'Policies as admin' });
    expect(await within(table).findByText(/Treasury/)).toBeInTheDocument();
    expect(requests).toContainEqual(expect.stringMatching(new RegExp(`^${ARCHIVE}policies\\?admin=${alice}&`)));
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('lists the groups from the archive', async () => {
    stubChainWithoutGroups(archive);
    renderRoute('/groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(await within(table).findByText(/Core contributors/)).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('shows the overview without a group error: the count, the newest groups and open proposals from the archive', async () => {
    stubChainWithoutGroups(archive);
    renderRoute('/');
    await waitFor(() => expect(screen.getByTestId('overview-groups')).toHaveTextContent('1'));
    expect(await screen.findByText('Raise the budget')).toBeInTheDocument();
    expect(await screen.findByTestId('group-module-notice')).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('still says a plain node without an archive does not serve groups', async () => {
    const { requests } = stubChainWithoutGroups('absent');
    renderRoute('/groups/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('this endpoint does not serve the group/upgrade API');
    expect(screen.queryByTestId('group-module-notice')).toBeNull();
    // Nothing but the archive's status says whether to ask the archive for the group (its history
    // is the archive's own section, asked of it on any chain).
    expect(
      requests.filter((url) => /\/polity\/archive\/v1\/groups(\?|\/1(\?|$|\/members|\/policies))/.test(url)),
    ).toEqual([]);
  });
});
