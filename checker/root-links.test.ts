import { beforeAll, describe, expect, it } from 'vitest';

import { clockAfter } from '../verify/testing/forge-chain.ts';
import { linkedBundle, linkedHash } from '../verify/testing/linked-bundle.ts';
import { bothAgree, buildChecker } from './go-checker.ts';

// An auditor's root above a bundle's records: CometBFT's code and verify/ agree on what hash links
// down from it prove, and on a root the links do not reach.

beforeAll(buildChecker, 660_000);

describe('the Go checker, from a root of the auditor’s above the records', () => {
  it('agrees on a root above the records, reached down by hash links, and on one the links do not reach', async () => {
    const at = { atNanos: clockAfter(3600).nowNanos };
    const linked = linkedBundle();
    for (const height of ['6', '4', '1'])
      expect((await bothAgree(linked, { ...at, trust: { height, hash: linkedHash(linked, height) } })).chain_ok).toBe(
        true,
      );
    const short = linkedBundle({ links: false });
    expect((await bothAgree(short, { ...at, trust: { height: '6', hash: linkedHash(short, '6') } })).chain_ok).toBe(
      false,
    );
    const changed = linkedBundle();
    changed.linked_headers[0] = { ...changed.linked_headers[0], app_hash: 'AB'.repeat(32) };
    expect((await bothAgree(changed, { ...at, trust: { height: '6', hash: linkedHash(changed, '6') } })).chain_ok).toBe(
      false,
    );
  });
});
