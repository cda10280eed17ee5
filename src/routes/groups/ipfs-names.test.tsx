import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { storeGateway } from '../../lib/chain/ipfs.ts';
import { chainAnswers, group, policy, proposal } from '../../test/chain-fixtures.ts';
import { stubNode } from '../../test/fake-node.ts';
import { renderRoute } from '../../test/render-route.tsx';

// A group, a policy and an untitled proposal whose metadata are ipfs:// links: their pages are
// named from the documents, read through the reader's gateway (and only then).

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const documents: Record<string, unknown> = {
  'group.json': { name: 'Stewards of the bridge', description: 'Keeps it running.' },
  'policy.json': { name: 'Bridge treasury', description: 'Spends on repairs.' },
  'proposal.json': { title: 'Repaint the bridge', summary: 'Blue this time.', cost: '40 ATOM' },
};

function stubChainAndGateway() {
  const node = stubNode({
    ...chainAnswers,
    '/cosmos/group/v1/group_info/1': { info: { ...group, metadata: `ipfs://${CID}/group.json` } },
    [`/cosmos/group/v1/group_policy_info/${policy.address}`]: {
      info: { ...policy, metadata: `ipfs://${CID}/policy.json` },
    },
    '/cosmos/group/v1/proposal/7': {
      proposal: { ...proposal, title: '', summary: '', metadata: `ipfs://${CID}/proposal.json` },
    },
  });
  const gatewayRequests: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith('https://gateway.example/')) return node.fetch(input);
    gatewayRequests.push(url);
    const name = url.slice(`https://gateway.example/ipfs/${CID}/`.length);
    expect(init?.credentials).toBe('omit');
    return new Response(JSON.stringify(documents[name]), { status: documents[name] ? 200 : 404 });
  });
  return { gatewayRequests };
}

afterEach(() => {
  storeGateway('');
  vi.unstubAllGlobals();
});

describe('names from documents behind ipfs:// links', () => {
  it('names a group in its header and tab title from its document, and shows the rest', async () => {
    storeGateway('https://gateway.example');
    const { gatewayRequests } = stubChainAndGateway();
    renderRoute('/groups/1');
    expect(await screen.findByRole('heading', { name: 'Stewards of the bridge', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Stewards of the bridge · Group #1 · Polity'));
    const shown = await screen.findByTestId('ipfs-document');
    expect(shown).toHaveTextContent('descriptionKeeps it running.');
    expect(shown).not.toHaveTextContent('Stewards of the bridge');
    // The header and the metadata card share one read.
    expect(gatewayRequests).toEqual([`https://gateway.example/ipfs/${CID}/group.json`]);
  });

  it('names a policy and an untitled proposal the same way', async () => {
    storeGateway('https://gateway.example');
    stubChainAndGateway();
    const { unmount } = renderRoute(`/policies/${policy.address}`);
    expect(await screen.findByRole('heading', { name: 'Bridge treasury', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Bridge treasury Policy /));
    unmount();
    renderRoute('/proposals/7');
    expect(await screen.findByRole('heading', { name: 'Repaint the bridge', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Proposal 7 · Repaint the bridge · Polity'));
    const shown = await screen.findByTestId('ipfs-document');
    expect(shown).toHaveTextContent('descriptionBlue this time.');
    expect(shown).toHaveTextContent('cost40 ATOM');
    expect(shown).not.toHaveTextContent('Repaint the bridge');
  });

  it('without a gateway, asks no one and falls back to the id', async () => {
    const { gatewayRequests } = stubChainAndGateway();
    renderRoute('/groups/1');
    expect(await screen.findByRole('heading', { name: 'Group #1', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/Set an IPFS gateway under Chain and Polity reads it here/)).toBeInTheDocument();
    expect(gatewayRequests).toEqual([]);
  });
});
