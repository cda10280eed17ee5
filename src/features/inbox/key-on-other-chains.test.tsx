import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Inbox } from '../../api/archive-inbox.ts';
import { sameKeyAs } from '../../lib/chain/address.ts';
import { alice, group } from '../../test/chain-fixtures.ts';
import { jsonResponse, renderWithApp } from '../../test/render.tsx';
import { KeyOnOtherChains } from './key-on-other-chains.tsx';

afterEach(() => vi.unstubAllGlobals());

const regenAlice = sameKeyAs(alice, 'regen');
const osmoAlice = sameKeyAs(alice, 'osmo');

const openOn = (id: string, title: string, end: string): Inbox['open'][number] => ({
  proposal_id: id,
  title,
  group_id: '1',
  group_name: 'Stewards',
  group_policy_address: 'x',
  policy_name: 'p',
  submit_time: null,
  voting_period_end: end,
  weight: '1',
  live_tally: null,
});

const inboxOf = (address: string, open: Inbox['open']): Inbox => ({
  address,
  as_of_height: '9',
  as_of_time: null,
  since: null,
  open,
  open_total: String(open.length),
  decided: [],
  decided_total: '0',
});

/** This server serves three chains: its own, regen (archived) and hub (a plain node, prefix unsaid). */
const answers: Record<string, unknown> = {
  '/polity/config.json': {
    chains: [
      { name: 'local', path: '', pretty_name: 'Embedded chain', bech32_prefix: 'cosmos', archive: true },
      { name: 'regen', path: '/upstream/regen', pretty_name: 'Regen', bech32_prefix: 'regen', archive: true },
      { name: 'hub', path: '/upstream/hub', pretty_name: 'Hub', bech32_prefix: null, archive: false },
    ],
  },
  [`/upstream/regen/polity/archive/v1/inbox/${regenAlice}`]: inboxOf(regenAlice, [
    openOn('12', 'Later on regen', '2099-03-01T00:00:00Z'),
    openOn('11', 'Sooner on regen', '2099-01-01T00:00:00Z'),
  ]),
  [`/upstream/regen/polity/archive/v1/voters/${regenAlice}/votes`]: {
    votes: [],
    pagination: { next_key: null, total: '1234' },
  },
  '/upstream/hub/cosmos/group/v1/groups': {
    groups: [{ ...group, admin: osmoAlice }],
    pagination: { next_key: null, total: '1' },
  },
  [`/upstream/hub/cosmos/group/v1/votes_by_voter/${osmoAlice}`]: {
    votes: [],
    pagination: { next_key: null, total: '3' },
  },
};

describe('a key on the other chains this server serves', () => {
  it('lists, per chain, its address there, what waits for its vote and the votes it cast, and the open proposals in one list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const path = new URL(String(input), 'http://polity.test').pathname;
        return path in answers ? jsonResponse(answers[path]) : jsonResponse({ code: 5, message: 'no' }, 404);
      }),
    );
    renderWithApp(<KeyOnOtherChains endpoint="" address={alice} />);
    const regen = await screen.findByTestId('key-on-regen');
    expect(within(regen).getByRole('link', { name: /regen1/ })).toHaveAttribute(
      'href',
      `/voters/${regenAlice}?api=%2Fupstream%2Fregen`,
    );
    expect(await within(regen).findByRole('link', { name: '2 open' })).toBeInTheDocument();
    expect(await within(regen).findByText('1,234')).toBeInTheDocument();
    const hub = screen.getByTestId('key-on-hub');
    // Hub's prefix is read from its own groups; its votes are the ones its node still stores.
    expect(await within(hub).findByRole('link', { name: /osmo1/ })).toBeInTheDocument();
    expect(await within(hub).findByText('3 the node still stores')).toBeInTheDocument();
    expect(hub).toHaveTextContent('no archive there to ask');
    const open = await screen.findByTestId('other-chains-open');
    const titles = within(open)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(titles).toEqual(['#11 Sooner on regen', '#12 Later on regen']);
    expect(within(open).getAllByRole('link')[0]).toHaveAttribute('href', '/proposals/11?api=%2Fupstream%2Fregen');
    expect(screen.queryByTestId('key-on-local')).toBeNull();
  });
});
