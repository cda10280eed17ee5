import type { Harness } from './harness.ts';

// The header an auditor pins: a node's earliest, by height and hash as its own RPC gives them.

interface Status {
  result: { sync_info: { earliest_block_height: string } };
}

interface Commit {
  result: { signed_header: { commit: { block_id: { hash: string } } } };
}

export async function earliestHeaderOf(node: Harness): Promise<{ kind: 'header'; height: bigint; hash: string }> {
  const first = ((await node.get('/rpc/status')).json as Status).result.sync_info.earliest_block_height;
  const commit = (await node.get(`/rpc/commit?height=${first}`)).json as Commit;
  return { kind: 'header', height: BigInt(first), hash: commit.result.signed_header.commit.block_id.hash };
}
