import { describe, expect, it } from 'vitest';

import { bundledRegistry } from './bundled-registry.ts';
import { resolveChain } from './resolve-chain.ts';

// The chains that use x/group, as the chain registry bundled with Polity names them: each must
// resolve at start without the network (`npm start -- --chain regen`).

describe('the bundled chain registry', () => {
  it.each([
    ['regen', 'regen-1', 'regen'],
    ['cheqd', 'cheqd-mainnet-1', 'cheqd'],
    ['provenance', 'pio-mainnet-1', 'pb'],
    ['cryptoorgchain', 'crypto-org-chain-mainnet-1', 'cro'],
  ])('resolves %s: chain id, prefix, REST and RPC endpoints, explorer pages', (name, chainId, prefix) => {
    const chain = resolveChain(name, bundledRegistry);
    expect(chain).toMatchObject({ name, chainId, bech32Prefix: prefix });
    expect(chain.prettyName).not.toBe('');
    expect(chain.restEndpoints.length).toBeGreaterThan(0);
    expect(chain.rpcEndpoints.length).toBeGreaterThan(0);
    for (const url of [...chain.restEndpoints, ...chain.rpcEndpoints]) expect(url).toMatch(/^https?:\/\//);
    expect(chain.explorers.some((explorer) => explorer.txPage.includes('${txHash}'))).toBe(true);
  });

  it('refuses an unknown name at start, naming the close ones', () => {
    expect(() => resolveChain('regn', bundledRegistry)).toThrow(/--chain regn: .*no such chain; did you mean regen\?/);
    expect(() => resolveChain('crypto', bundledRegistry)).toThrow(/did you mean .*cryptoorgchain/);
    expect(() => resolveChain('../../package', bundledRegistry)).toThrow(/no such chain/);
  });
});
