import type { NodeGroup, NodeMember, NodePolicy, NodeProposal, NodeVote } from '../../node-records.ts';
import { readGenesisDocument } from './genesis-document.ts';

// A chain's genesis, from its node's CometBFT RPC (`/genesis`): where its history starts, and the
// x/group state it started with (the same JSON the REST API answers with).

export interface GroupGenesis {
  groups: NodeGroup[];
  group_members: { group_id: string; member: NodeMember }[];
  group_policies: NodePolicy[];
  proposals: NodeProposal[];
  votes: NodeVote[];
}

export interface NodeGenesis {
  chainId: string;
  /** RFC 3339, as the node wrote it. */
  genesisTime: string;
  initialHeight: bigint;
  group: GroupGenesis;
}

export { MAX_GENESIS_BYTES } from './genesis-document.ts';

const EMPTY_GROUP: GroupGenesis = { groups: [], group_members: [], group_policies: [], proposals: [], votes: [] };

/**
 * The genesis the node serves, whole or in chunks; null when it serves none (no `/genesis`, or one
 * too large to send whole and no `/genesis_chunked` either).
 */
export async function readGenesis(rpc: string, timeoutMs = 60_000): Promise<NodeGenesis | null> {
  const genesis = await readGenesisDocument<{
    chain_id: string;
    genesis_time: string;
    initial_height?: string;
    app_state?: { group?: Partial<GroupGenesis> };
  }>(rpc, timeoutMs);
  if (!genesis) return null;
  const group = { ...EMPTY_GROUP, ...genesis.app_state?.group };
  return {
    chainId: genesis.chain_id,
    genesisTime: genesis.genesis_time,
    initialHeight: BigInt(genesis.initial_height ?? '1'),
    group,
  };
}
