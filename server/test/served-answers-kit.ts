import type { AddressInfo } from 'node:net';

import { createPolityServer } from '../node/gateway/http/http-server.ts';
import { genesisOf } from '../node/genesis-document.ts';
import { QueryService } from '../node/queries/query-service.ts';
import type { ChainNode } from '../node/sim/chain-node.ts';

// What a node answers, byte for byte, at every height it keeps: each block and its results, a
// read pinned to each kept state, and store proofs there. Recorded before a stop and after the
// start that follows, the two must agree on every height both keep.

/** Store keys whose proofs are asked: the group and proposal sequences, an early proposal (pruned by now: absent). */
const PROVED_KEYS = ['0101', '3101', '30000000000000000001'];
/** A read whose answer moves with the chain (groups' weights and versions change as members do). */
const PINNED_READ = '/cosmos/group/v1/groups?pagination.limit=100';

export type Answers = Map<string, string>;

async function text(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await fetch(url, { headers });
  return `${answer.status} ${await answer.text()}`;
}

interface Status {
  result: { sync_info: { earliest_block_height: string; latest_block_height: string } };
}

/** The node's earliest and latest block heights. */
export async function heightsOf(base: string): Promise<{ earliest: bigint; latest: bigint }> {
  const status = (await (await fetch(`${base}/rpc/status`)).json()) as Status;
  const { earliest_block_height: earliest, latest_block_height: latest } = status.result.sync_info;
  return { earliest: BigInt(earliest), latest: BigInt(latest) };
}

/**
 * The answers of the node at `base`: its earliest block height, every kept block and its results
 * (from `blocksFrom` when given), and from `earliestState` up, the pinned read and the proofs at
 * each height up to the latest.
 */
export async function servedAnswers(base: string, earliestState: bigint, blocksFrom?: bigint): Promise<Answers> {
  const answers: Answers = new Map();
  const { earliest, latest } = await heightsOf(base);
  answers.set('earliest block', String(earliest));
  for (let height = blocksFrom ?? earliest; height <= latest; height++) {
    answers.set(`block ${height}`, await text(`${base}/rpc/block?height=${height}`));
    answers.set(`results ${height}`, await text(`${base}/rpc/block_results?height=${height}`));
  }
  for (let height = earliestState; height <= latest; height++) {
    answers.set(`read ${height}`, await text(base + PINNED_READ, { 'x-cosmos-block-height': String(height) }));
    for (const key of PROVED_KEYS) {
      const query = `path="/store/group/key"&data=0x${key}&height=${height}&prove=true`;
      answers.set(`proof ${key} ${height}`, await text(`${base}/rpc/abci_query?${query}`));
    }
  }
  return answers;
}

/** The answers both recordings hold, by what they answer: those that differ, and how many agree. */
export function compareAnswers(before: Answers, after: Answers): { differ: string[]; same: number } {
  const differ: string[] = [];
  let same = 0;
  for (const [what, answer] of before) {
    const again = after.get(what);
    if (again === undefined) continue;
    if (again === answer) same++;
    else differ.push(`${what}: ${answer.slice(0, 160)} … became ${again.slice(0, 160)}`);
  }
  return { differ, same };
}

/** An HTTP server over a node already opened (no archive), on an ephemeral loopback port. */
export async function serveNode(node: ChainNode): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createPolityServer({
    queries: new QueryService(node, 'extended'),
    blocks: node,
    genesis: genesisOf(node.params),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
