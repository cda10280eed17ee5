import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { storeGateway } from '../../lib/chain/ipfs.ts';
import { renderWithApp } from '../../test/render.tsx';
import { MetadataText } from './metadata-text.tsx';

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const LINK = `ipfs://${CID}/group.json`;
const DOCUMENT_URL = `https://gateway.example/ipfs/${CID}/group.json`;

/** The gateway, played by a stub: `answer` gives each response in turn (the last one repeats). */
function stubGateway(...answers: (() => Response)[]) {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    expect(String(input)).toBe(DOCUMENT_URL);
    return answers[Math.min(fetch.mock.calls.length - 1, answers.length - 1)]();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => storeGateway('https://gateway.example'));
afterEach(() => {
  storeGateway('');
  vi.unstubAllGlobals();
});

describe('metadata that is an ipfs:// link', () => {
  it('fetches nothing without a gateway, and says a gateway would let Polity read it', async () => {
    storeGateway('');
    const fetch = stubGateway(json({}));
    renderWithApp(<MetadataText value={LINK} elsewhere="name" />);
    expect(screen.getByText(/Set an IPFS gateway under Chain and Polity reads it here/)).toBeInTheDocument();
    expect(screen.getByText(LINK)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads a JSON document through the gateway as fields, leaving out the name the page shows', async () => {
    stubGateway(
      json({ name: 'Stewards', description: 'Keeps the lights on.', forum: 'https://forum.example/t/1', seats: 5 }),
    );
    renderWithApp(<MetadataText value={LINK} elsewhere="name" />);
    const document = await screen.findByTestId('ipfs-document');
    expect(document).toHaveTextContent('read through gateway.example');
    expect(document).toHaveTextContent('descriptionKeeps the lights on.');
    expect(document).toHaveTextContent('seats5');
    expect(document).not.toHaveTextContent('Stewards');
    expect(screen.getByRole('link', { name: 'https://forum.example/t/1' })).toHaveAttribute(
      'href',
      'https://forum.example/t/1',
    );
    expect(screen.getByRole('link', { name: LINK })).toHaveAttribute('href', DOCUMENT_URL);
  });

  it('shows attacker-written documents as text: no markup, controls marked, long text cut', async () => {
    stubGateway(() => new Response(`<img src=x onerror=alert(1)> \u202Eevil ${'word '.repeat(1000)}`));
    renderWithApp(<MetadataText value={LINK} />);
    const document = await screen.findByTestId('ipfs-document');
    expect(document.querySelector('img')).toBeNull();
    expect(document).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('abbr')).toHaveTextContent('RLO');
    expect(screen.getByRole('button', { name: /Show all 5,035 characters/ })).toBeInTheDocument();
  });

  it('says what the gateway answered, retries only when asked, and then reads it', async () => {
    const fetch = stubGateway(
      () => new Response('gateway broke', { status: 500 }),
      json({ title: 'Fund the audit', summary: 'S', budget: '12 ATOM' }),
    );
    renderWithApp(<MetadataText value={LINK} elsewhere="title and summary" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('gateway.example answered HTTP 500.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetch).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('ipfs-document')).toHaveTextContent('budget12 ATOM');
    expect(screen.getByTestId('ipfs-document')).not.toHaveTextContent('Fund the audit');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says when a document is too large, without offering to try again', async () => {
    stubGateway(() => new Response('x'.repeat(300 * 1024)));
    renderWithApp(<MetadataText value={LINK} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('larger than 256 kB');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
  });
});
