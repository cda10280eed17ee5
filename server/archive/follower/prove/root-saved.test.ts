import { afterAll, beforeAll, expect, it } from 'vitest';

import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { RestReader } from '../../source/rest-reader.ts';
import { ArchiveStore } from '../../store/archive-store.ts';
import { readTrustRoot } from '../../store/proofs/proof-store.ts';
import { ProofService } from './proof-service.ts';

// The status names the trust root from the service's state, and a page that reads it there asks
// for a bundle at once; the bundle is built from the root the database holds. Both must agree
// from the first moment, or a first visit meets a 503 ("has not proven anything yet").

let harness: Harness;
let store: ArchiveStore;

beforeAll(async () => {
  harness = await startHarness({ seed: 'root-saved' });
  harness.node.advance(4, 3000);
  store = await ArchiveStore.open(':memory:');
});

afterAll(async () => {
  await store?.close();
  await harness?.close();
});

it('holds the trust root in its database as soon as its status names it', async () => {
  const service = new ProofService(
    store,
    `${harness.base}/rpc`,
    { kind: 'genesis' },
    () => undefined,
    new RestReader(harness.base),
    chainClock(harness.node),
  );
  expect(await readTrustRoot(store.db)).toBeNull();
  await service.vouchFor(harness.node.height - 1n);
  expect(service.state.trustRoot).not.toBeNull();
  expect(await readTrustRoot(store.db)).toEqual(service.state.trustRoot);
});
