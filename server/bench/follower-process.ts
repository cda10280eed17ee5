// The follower alone, in its own process, catching up on a node served by another process: so
// its peak RSS is its own, and the node's block serving does not share its thread. Run by
// archive-bench.ts with: node --import tsx follower-process.ts REST_URL RPC_URL DATABASE BATCH
// Prints one JSON line: { seconds, blocks, votes, peakRssMb }.

import { openDatabase } from '../archive/archive-service.ts';
import { migrate } from '../archive/db/migrations.ts';
import { Follower } from '../archive/follower/follower.ts';
import { RestReader } from '../archive/node/rest-reader.ts';
import { RpcReader } from '../archive/node/rpc-reader.ts';

const [rest, rpcUrl, database, batchText] = process.argv.slice(2);
const db = await openDatabase(database);
await migrate(db);
const rpc = await RpcReader.connect(rpcUrl);
const target = (await rpc.status()).latestHeight;
const cursorHeight = async () =>
  BigInt((await db.query<{ height: string }>('SELECT height::text AS height FROM archive_cursor'))[0]?.height ?? '0');
const countVotes = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM votes'))[0].n);
const fromHeight = await cursorHeight();
const votesBefore = await countVotes();

// memoryUsage.rss() reads only the RSS: the whole memoryUsage() walks the heap, every 20 ms.
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
const follower = new Follower(db, rpc, new RestReader(rest), {
  batch: Number(batchText),
  pollMs: 5,
  log: () => undefined,
});
const started = performance.now();
follower.start();
// The follower's own record of what it committed: polling the database would compete with it.
while ((follower.state.archivedHeight ?? 0n) < target) await new Promise((resolve) => setTimeout(resolve, 5));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await follower.stop();
const votes = (await countVotes()) - votesBefore;
rpc.disconnect();
await db.close();
console.log(JSON.stringify({ seconds, blocks: Number(target - fromHeight), votes, peakRssMb: peakRss / 1048576 }));
