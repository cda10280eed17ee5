// Whether the prover keeps up with a live chain: the embedded chain makes a block every 500 ms
// (ten times its own pace of 5 s) for a minute, an archive follows it with proofs, and every
// 250 ms the bench reads how far the prover's proven height is behind the archive's cursor.
// Budget: within one turn of the tip (a turn proves up to 64 heights), p95 and max printed.
// Run alone (node --import tsx server/bench/prover-lag-bench.ts) or from `npm run bench:archive`.

import { HEIGHTS_PER_TURN } from '../archive/follower/prove/prove-pipeline.ts';
import { provenThrough } from '../archive/store/proofs/proof-work.ts';
import { archivedUpTo, followNode } from '../test/archive-harness.ts';
import { chainClock } from '../test/chain-clock.ts';
import { startHarness } from '../test/harness.ts';

const BLOCK_MS = 500;
const RUN_MS = 60_000;
const SAMPLE_MS = 250;

const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function proverLagBench(): Promise<void> {
  const h = await startHarness({ seed: 'prover-lag', livePeriodS: 30, keepRecent: 3000 });
  const archive = await followNode(h.base, ':memory:', undefined, {
    trust: { kind: 'genesis' },
    proofClock: chainClock(h.node),
  });
  try {
    h.node.advance(20, BLOCK_MS);
    await archivedUpTo(archive, h.node.height, 120_000);
    const lags: number[] = [];
    const started = Date.now();
    const blocks = setInterval(() => h.node.advance(1, BLOCK_MS), BLOCK_MS);
    while (Date.now() - started < RUN_MS) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      const cursor = archive.follower.state.archivedHeight;
      const proven = await provenThrough(archive.db);
      // The first 5 s: the prover's first turns over the blocks made before the run.
      if (cursor !== null && Date.now() - started > 5000) lags.push(Number(cursor - (proven ?? 0n)));
    }
    clearInterval(blocks);
    const sorted = [...lags].sort((a, b) => a - b);
    const worst = sorted.at(-1) ?? 0;
    console.log(
      `  prover behind a live chain (a block every ${BLOCK_MS} ms for ${RUN_MS / 1000} s, ${lags.length} samples): ` +
        `heights between the archive's cursor and the proven height p50 ${pct(sorted, 50)}, p95 ${pct(sorted, 95)}, max ${worst}; ` +
        `budget within one turn (${HEIGHTS_PER_TURN} heights) → ${worst <= HEIGHTS_PER_TURN ? 'within' : 'OVER'}`,
    );
  } finally {
    await archive.close();
    await h.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  proverLagBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
