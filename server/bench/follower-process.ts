// The follower alone, in its own process, catching up on a node served by another process: so
// its peak RSS is its own, and the node's block serving does not share its thread. Run by
// archive-bench.ts with: node --import tsx follower-process.ts REST_URL RPC_URL DATABASE BATCH [MODE]
// (MODE: `index`, the default, reads far-behind history through the node's index; `every-block`
// reads every block). A new archive begins at the node's earliest block.
// Prints one JSON line: { seconds, blocks, votes, peakRssMb }; with FOLLOW_LOG=1, the follower's
// log lines on stderr with the seconds since it started.

import { Follower } from '../archive/follower/follower.ts';
import { RestReader } from '../archive/source/rest-reader.ts';
import { RpcReader } from '../archive/source/rpc-reader.ts';
import { ArchiveStore } from '../archive/store/archive-store.ts';
import { readCursor } from '../archive/store/cursor/cursor-reads.ts';
import { provenThrough } from '../archive/store/proofs/proof-work.ts';
import { countVotes } from '../archive/store/votes/vote-reads.ts';
import { keepHeapModest } from '../lib/modest-heap.ts';

// As the service runs (server/main.ts).
keepHeapModest();

const [rest, rpcUrl, database, batchText, mode = 'index'] = process.argv.slice(2);
const store = await ArchiveStore.open(database);
const rpc = await RpcReader.connect(rpcUrl);
const status = await rpc.status();
const target = status.latestHeight;
const fromHeight = (await readCursor(store.db))?.height ?? status.earliestHeight - 1n;
const votesBefore = await countVotes(store.db);

// memoryUsage.rss() reads only the RSS: the whole memoryUsage() walks the heap, every 20 ms.
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
const started = performance.now();
const verified = mode === 'index-verified';
/**
 * The header it trusts: the node's earliest block, as an auditor pins one got elsewhere (the
 * history's first blocks, signed by the genesis validators, are pruned by then).
 */
async function earliestHeader(): Promise<{ kind: 'header'; height: bigint; hash: string }> {
  const answer = (await (await fetch(`${rpcUrl}/status`)).json()) as {
    result: { sync_info: { earliest_block_height: string; earliest_block_hash: string } };
  };
  const { earliest_block_height: height, earliest_block_hash: hash } = answer.result.sync_info;
  return { kind: 'header', height: BigInt(height), hash };
}
/**
 * The light client's clock: the chain's own time (its latest block's) moving on with the wall's.
 * The bench's history is dated months back: by the wall clock alone its headers are expired.
 */
async function chainClock(): Promise<{ now(): bigint }> {
  const answer = (await (await fetch(`${rpcUrl}/status`)).json()) as {
    result: { sync_info: { latest_block_time: string } };
  };
  const chainMillis = Date.parse(answer.result.sync_info.latest_block_time);
  const wallAtStart = Date.now();
  return { now: () => BigInt(chainMillis + (Date.now() - wallAtStart)) * 1_000_000n };
}
const follower = new Follower(store, rpc, new RestReader(rest), {
  batch: Number(batchText),
  sparseAbove: mode === 'every-block' ? 1n << 62n : undefined,
  // Verified: every header merged is checked from the trusted one, and the prover runs.
  rpcUrl: verified ? rpcUrl : undefined,
  trust: verified ? await earliestHeader() : null,
  proofClock: verified ? await chainClock() : undefined,
  pollMs: 5,
  // FOLLOW_LOG=1: the follower's own lines, timed, to see where a run spends its seconds.
  log: (line: string) => {
    if (process.env.FOLLOW_LOG) console.error(`${((performance.now() - started) / 1000).toFixed(2)} s ${line}`);
  },
});
follower.start();
// The follower's own record of what it committed: polling the database would compete with it.
while ((follower.state.archivedHeight ?? 0n) < target) await new Promise((resolve) => setTimeout(resolve, 5));
const seconds = (performance.now() - started) / 1000;
// With proofs: also how long until the prover has gone through every record archived.
if (verified) {
  while (((await provenThrough(store.db)) ?? 0n) < target - 1n) {
    // A node that offers no proofs would keep this waiting for ever: the run fails, saying why.
    const proofs = follower.proofs?.state;
    if (proofs?.available === false) throw new Error(`the node offers no proofs: ${proofs.problem}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const provenSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await follower.stop();
const votes = (await countVotes(store.db)) - votesBefore;
rpc.disconnect();
await store.close();
console.log(
  JSON.stringify({ seconds, provenSeconds, blocks: Number(target - fromHeight), votes, peakRssMb: peakRss / 1048576 }),
);
