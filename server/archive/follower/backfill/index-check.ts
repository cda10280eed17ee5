import { randomInt } from 'node:crypto';

import { indexedActivity } from '../../source/activity-index.ts';
import type { RpcReader } from '../../source/rpc-reader.ts';

// Whether the node's index can be trusted: a random sample of the heights it did not name is read
// in full, and one that holds what the index was asked about proves it leaves heights out.

/** Up to `count` heights of [from, to] the index did not name, drawn at random (a new draw each time). */
function unnamedSample(from: bigint, to: bigint, named: ReadonlySet<bigint>, count: number): bigint[] {
  const span = to - from + 1n;
  const picked = new Set<bigint>();
  for (let tries = 0; picked.size < count && tries < count * 4; tries++) {
    const height = from + (BigInt(randomInt(2 ** 47)) % span);
    if (!named.has(height)) picked.add(height);
  }
  return [...picked].sort((a, b) => (a < b ? -1 : 1));
}

export const lie = (height: bigint, activity: string) =>
  `its index left out height ${height}, where ${activity}: it cannot be trusted`;

/**
 * Reads a random sample of the heights of [from, to] the index did not name: why the index
 * cannot be trusted when one of them holds what it was asked about, or null.
 */
export async function indexLeftOut(
  rpc: RpcReader,
  range: { from: bigint; to: bigint },
  named: ReadonlySet<bigint>,
  sampled: number,
): Promise<string | null> {
  const sample = unnamedSample(range.from, range.to, named, sampled);
  for (const block of await Promise.all(sample.map((height) => rpc.block(height)))) {
    const activity = indexedActivity(block);
    if (activity) return lie(block.height, activity);
  }
  return null;
}
