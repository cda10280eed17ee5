import { describe, expect, it } from 'vitest';

import { checkGateway, gatewayUrl } from './ipfs.ts';

const GATEWAY = 'https://gateway.example';
const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('gateway URLs for ipfs:// links', () => {
  it('puts the CID and its path under the gateway set, on that host only', () => {
    expect(gatewayUrl(`ipfs://${CID}`, GATEWAY)).toBe(`${GATEWAY}/ipfs/${CID}`);
    expect(gatewayUrl(`ipfs://${CID}/meta/group.json`, GATEWAY)).toBe(`${GATEWAY}/ipfs/${CID}/meta/group.json`);
    expect(gatewayUrl(`ipfs://ipfs/${CID}`, GATEWAY)).toBe(`${GATEWAY}/ipfs/${CID}`);
    expect(gatewayUrl(`ipfs://${CID}/docs/`, GATEWAY)).toBe(`${GATEWAY}/ipfs/${CID}/docs`);
    expect(gatewayUrl(`ipfs://${CID}`, 'https://gateway.example/base')).toBe(
      `https://gateway.example/base/ipfs/${CID}`,
    );
    expect(new URL(gatewayUrl(`ipfs://${CID}/a.json`, GATEWAY) ?? '').host).toBe('gateway.example');
  });

  it('asks nothing without a gateway, or of a gateway that is not one', () => {
    expect(gatewayUrl(`ipfs://${CID}`, '')).toBeNull();
    expect(gatewayUrl(`ipfs://${CID}`, 'http://gateway.example')).toBeNull();
    expect(gatewayUrl(`ipfs://${CID}`, 'https://gateway.example/?x=1')).toBeNull();
    expect(gatewayUrl(`https://example.org/${CID}`, GATEWAY)).toBeNull();
  });

  it('refuses links written to leave their document or carry a query', () => {
    for (const href of [
      `ipfs://${CID}/../../evil`,
      `ipfs://${CID}/..`,
      `ipfs://${CID}/a/./b`,
      `ipfs://${CID}/%2e%2e/evil`,
      `ipfs://${CID}/a%2fb`,
      `ipfs://${CID}?filename=x`,
      `ipfs://${CID}/a.json?redirect=https://evil.example`,
      `ipfs://${CID}#frag`,
      `ipfs://${CID}//evil.example/x`,
      `ipfs://${CID}/a\\b`,
      `ipfs://${CID}/@evil.example`,
      'ipfs://',
      'ipfs://../x',
      `ipfs://${CID}:443/x`,
      `ipfs://evil.example.com/x`,
      `ipfs://${'b'.repeat(257)}`,
    ])
      expect(gatewayUrl(href, GATEWAY), href).toBeNull();
  });

  it('takes only https gateways (or http on this machine)', () => {
    expect(checkGateway('https://gateway.example/')).toEqual({ ok: true, value: GATEWAY });
    expect(checkGateway('http://127.0.0.1:8081').ok).toBe(true);
    expect(checkGateway('http://gateway.example').ok).toBe(false);
    expect(checkGateway('https://user:pw@gateway.example').ok).toBe(false);
  });
});
