import { expect } from 'vitest';

import { archivedUpTo, followNode, type DATABASE_KINDS, type TestArchive } from '../../../test/archive-harness.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { ProofReader } from '../../source/proof-reader.ts';
import { LightClient } from '../../source/trust/light-client.ts';
import { readMetaValue } from '../../store/cursor/cursor-reads.ts';
import { saveTrustRoot } from '../../store/proofs/proof-store.ts';
import { FactEvidence } from './fact-evidence.ts';
import { headerVault } from './header-vault.ts';
import { ProvePipeline } from './prove-pipeline.ts';

// The prover's tests' one archive: the embedded chain archived for long enough to apply an
// upgrade, then every record proven by the pipeline alone, turn by turn up to the tip.

/** The embedded chain's: two thirds of its 90-day unbonding time. */
export const SIXTY_DAYS = 60n * 86_400n;

export interface ProvenArchive {
  h: Harness;
  archive: TestArchive;
  chainId: string;
  tip: bigint;
  close(): Promise<void>;
}

export async function provenArchive(kind: (typeof DATABASE_KINDS)[number]): Promise<ProvenArchive> {
  const h = await startHarness({ seed: 'prove-pipeline', livePeriodS: 30, keepRecent: 3000 });
  const created = await kind.create();
  const archive = await followNode(h.base, created.database);
  // Long enough for the chain to apply an upgrade (one every ~120 blocks) while it is archived.
  const doneAtStart = h.node.upgrade.done.length;
  for (let round = 0; round < 40 && (round < 12 || h.node.upgrade.done.length === doneAtStart); round += 1) {
    h.node.advance(10, 3000);
    await archivedUpTo(archive, h.node.height);
  }
  h.node.advance(10, 3000);
  await archivedUpTo(archive, h.node.height);
  await archive.stopFollowing();
  const reader = new ProofReader(`${h.base}/rpc`);
  const chainId = (await readMetaValue(archive.db, 'chain_id')) ?? '';
  const light = new LightClient(
    reader,
    headerVault(archive.db),
    chainId,
    { kind: 'genesis' },
    { ...chainClock(h.node), trustingPeriodSeconds: SIXTY_DAYS },
  );
  // The proof service saves the root it checked; these tests drive the pipeline alone.
  await saveTrustRoot(archive.db, await light.trustRoot());
  const prover = new ProvePipeline(archive.db, light, new FactEvidence(reader, light, 'cosmos'));
  const tip = h.node.height;
  for (let turn = 0; turn < 200; turn += 1) {
    const done = await prover.turn(tip);
    expect(done.refusal).toBeNull();
    if (done.proven === 0) break;
  }
  return {
    h,
    archive,
    chainId,
    tip,
    close: async () => {
      await archive.close();
      await created.drop();
      await h.close();
    },
  };
}
