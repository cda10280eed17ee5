import type { NodeGroup, NodeMember, NodePolicy, NodeProposal, NodeVote } from '../node-records.ts';
import { httpGet } from './http-get.ts';

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

/**
 * A genesis larger than this is refused with a named problem rather than read whole: CometBFT
 * itself serves `/genesis` whole only below 16 MB (larger ones only in chunks), so a node sending
 * more is not one to believe; the bound leaves room for a chain's hand-made one.
 */
export const MAX_GENESIS_BYTES = 128 * 1024 * 1024;

const EMPTY_GROUP: GroupGenesis = { groups: [], group_members: [], group_policies: [], proposals: [], votes: [] };

/**
 * The genesis the node serves; null when it serves none (a node that does not offer `/genesis`,
 * or one whose genesis is too large and is served only in chunks).
 */
export async function readGenesis(rpc: string, timeoutMs = 60_000): Promise<NodeGenesis | null> {
  const answer = await httpGet(
    `${rpc.replace(/\/$/, '')}/genesis`,
    { accept: 'application/json' },
    timeoutMs,
    MAX_GENESIS_BYTES,
  );
  if (answer.status === 404) return null;
  const body = JSON.parse(answer.text) as {
    result?: {
      genesis?: {
        chain_id: string;
        genesis_time: string;
        initial_height?: string;
        app_state?: { group?: Partial<GroupGenesis> };
      };
    };
    error?: { code: number; message: string; data?: string };
  };
  if (body.error) {
    // No such method, or a genesis too large to send whole (served only by genesis_chunked).
    if (
      body.error.code === -32601 ||
      /genesis_chunked|too large/i.test(`${body.error.message} ${body.error.data ?? ''}`)
    )
      return null;
    throw new Error(`/genesis: ${body.error.message}${body.error.data ? `: ${body.error.data}` : ''}`);
  }
  const genesis = body.result?.genesis;
  if (!genesis) throw new Error('/genesis answered without a genesis');
  const group = { ...EMPTY_GROUP, ...genesis.app_state?.group };
  return {
    chainId: genesis.chain_id,
    genesisTime: genesis.genesis_time,
    initialHeight: BigInt(genesis.initial_height ?? '1'),
    group,
  };
}
