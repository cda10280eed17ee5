import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { sameKeyAs } from '../../lib/chain/address.ts';
import { alice, chainAnswers, group } from '../../test/chain-fixtures.ts';
import { stubNode } from '../../test/fake-node.ts';
import { renderRoute } from '../../test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const config = {
  chains: [
    { name: 'local', path: '', pretty_name: 'Embedded chain', chain_id: 'polity-polity', bech32_prefix: 'cosmos' },
    {
      name: 'regen',
      path: '/upstream/regen',
      pretty_name: 'Regen',
      chain_id: 'regen-1',
      bech32_prefix: 'regen',
      explorers: [{ kind: 'mintscan', tx_page: 'https://explorer.test/regen/tx/${txHash}' }],
      archive: true,
    },
    // Not told its prefix: the chain's own groups say it.
    { name: 'hub', path: '/upstream/hub', pretty_name: 'hub', chain_id: null, bech32_prefix: null, archive: false },
  ],
};

/** The node fixtures (and any more answers), and this server's list of chains. */
function stubServer(answers: Parameters<typeof stubNode>[0] = {}) {
  const node = stubNode({
    ...chainAnswers,
    '/cosmos/group/v1/groups': {
      groups: [{ ...group, admin: sameKeyAs(alice, 'osmo') }],
      pagination: { next_key: null, total: '0' },
    },
    ...answers,
  });
  const nodeFetch = node.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) =>
      String(input).endsWith('/polity/config.json') ? Response.json(config) : nodeFetch(input),
    ),
  );
  return node;
}

describe('an address on the chain it is written for', () => {
  const regenAlice = sameKeyAs(alice, 'regen');

  it('is refused on another chain, with the same key here and the address on its own chain', async () => {
    stubServer();
    renderRoute(`/voters/${regenAlice}`);
    const alert = await screen.findByTestId('wrong-chain-address');
    expect(alert).toHaveTextContent('written for another chain (its addresses begin “regen1”)');
    expect(within(alert).getByRole('link', { name: /The same key on this chain/ })).toHaveAttribute(
      'href',
      `/voters/${alice}`,
    );
    expect(within(alert).getByRole('link', { name: 'This address on Regen →' })).toHaveAttribute(
      'href',
      `/voters/${regenAlice}?api=%2Fupstream%2Fregen`,
    );
  });

  it('is read on its own chain, which the header names', async () => {
    stubServer();
    renderRoute(`/voters/${regenAlice}?api=/upstream/regen`);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(regenAlice.slice(0, 12));
    expect(await screen.findByTestId('endpoint-button')).toHaveTextContent('Chain: Regen');
    expect(screen.queryByTestId('wrong-chain-address')).toBeNull();
  });

  it('is checked against the prefix a chain’s own groups are written with when the server does not say it', async () => {
    stubServer();
    renderRoute(`/voters/${alice}?api=/upstream/hub`);
    expect(await screen.findByTestId('wrong-chain-address')).toHaveTextContent('writes its addresses with “osmo1”');
  });

  it('is checked against the prefix x/auth says, where the node serves that query', async () => {
    stubServer({ '/cosmos/auth/v1beta1/bech32': { bech32_prefix: 'juno' } });
    renderRoute(`/voters/${alice}?api=/upstream/hub`);
    expect(await screen.findByTestId('wrong-chain-address')).toHaveTextContent('writes its addresses with “juno1”');
  });
});
