import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useServedChains } from '../../hooks/use-served-chains.ts';
import { jsonResponse, renderWithApp } from '../../test/render.tsx';
import { TxHashText } from './tx-hash-text.tsx';

afterEach(() => vi.unstubAllGlobals());

const HASH = 'BDD2CBF5A1C4E6F7A8B9C0D1E2F30415263748596A7B8C9D0E1F2A3B4C6853F1';

function serve(explorers: unknown[]) {
  const chains = [
    { name: 'local', path: '', pretty_name: 'Embedded chain', bech32_prefix: 'cosmos' },
    { name: 'regen', path: '/upstream/regen', pretty_name: 'Regen', bech32_prefix: 'regen', explorers },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ chains })),
  );
}

/** Says when the server's list of chains has been read, so the absence of a link means something. */
function ChainsRead() {
  const count = useServedChains().length;
  return count > 0 ? <span>{count} chains read</span> : null;
}

describe('a transaction hash', () => {
  it('links to the first explorer the registry names for the chain read', async () => {
    serve([
      { kind: 'mintscan', tx_page: 'https://explorer.test/regen/tx/${txHash}' },
      { kind: 'other', tx_page: 'https://other.test/tx/${txHash}' },
    ]);
    renderWithApp(<TxHashText hash={HASH} />, '/?api=/upstream/regen');
    const link = await screen.findByTestId('tx-explorer-link');
    expect(link).toHaveAttribute('href', `https://explorer.test/regen/tx/${HASH}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('mintscan ↗');
  });

  it('links nowhere on a chain with no explorer, or to a page that is not https', async () => {
    serve([{ kind: 'plain', tx_page: 'http://explorer.test/tx/${txHash}' }]);
    renderWithApp(
      <>
        <TxHashText hash={HASH} />
        <ChainsRead />
      </>,
      '/?api=/upstream/regen',
    );
    expect(await screen.findByTestId('tx-hash')).toHaveTextContent('BDD2CBF5…6853F1');
    // Once the server's list of chains is read, the page still links nowhere.
    expect(await screen.findByText('2 chains read')).toBeInTheDocument();
    expect(screen.queryByTestId('tx-explorer-link')).toBeNull();
  });
});
