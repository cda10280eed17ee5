import { storeQuery } from '../node/queries/store-query.ts';
import type { ChainNode } from '../node/sim/chain-node.ts';

/** Times `count` proved reads of existing and absent x/group keys at kept heights, sorted. */
export function queryJson(node: ChainNode, count: number): number[] {
  const proposals = node.group.store.proposals;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = BigInt(1 + ((i * 7919) % Number(proposals.size * 2 + 10)));
    const key = Buffer.alloc(10);
    key[0] = 0x30;
    key.writeBigUInt64BE(id, 2);
    const height = node.height - BigInt(i % 50);
    const start = performance.now();
    const answer = JSON.stringify(storeQuery(node, { path: '/store/group/key', key, height, prove: true }));
    times.push(performance.now() - start);
    if (!answer.includes('ics23:simple')) throw new Error(`no proof: ${answer}`);
  }
  return times.sort((a, b) => a - b);
}
