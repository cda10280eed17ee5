import { bech32 } from 'bech32';

import { invalidArgument, notImplemented, unknownError } from '../../lib/grpc-status.ts';
import type { headerJson } from '../chain/block-header.ts';
import type { BlockRecord } from '../chain/block.ts';
import type { BlockSource } from '../queries/block-source.ts';
import { RpcError } from '../rpc/rpc-error.ts';
import { blockJson } from '../rpc/rpc-json.ts';
import { blockAt, status } from '../rpc/rpc-methods.ts';
import { goStringify } from './json/json-encoding.ts';
import { route, type Route } from './route.ts';

// The SDK's CometBFT block service (client/grpc/cmtservice) as a v0.50 node's gateway serves it.
// Its handlers ask the node's own RPC (`node.Block`, `node.Status`), so each answer here is built
// from the very JSON the RPC's /block and /status serve, re-encoded as gogoproto's jsonpb writes
// the proto messages (EmitDefaults, OrigName): bytes as base64 (empty ones null, as they come back
// from the wire), 64-bit integers as strings, enums by name.
//
// The handlers run behind baseapp's gRPC interceptor, so a pinned height is checked (a pruned or
// future one fails there, before the block is read) and echoed in Grpc-Metadata-X-Cosmos-Block-Height,
// but the block served never depends on it: GetLatestBlock is the tip whatever the pin. The
// gateway's handleApi runs that check for every route.

const TENDERMINT = 'cosmos/base/tendermint/v1beta1';
const VALCONS_PREFIX = 'cosmosvalcons';

/** What the SDK's version.NewInfo reports for this node; it is not built by Go, so no Go fields. */
const APPLICATION_VERSION = {
  name: 'polity',
  app_name: 'polity',
  version: '0.1.0',
  git_commit: '',
  build_tags: '',
  go_version: '',
  build_deps: [],
  cosmos_sdk_version: 'v0.50.13',
};

type CometHeader = ReturnType<typeof headerJson>;
type CometBlock = ReturnType<typeof blockJson>;
type CometBlockId = CometBlock['block_id'];
type CometCommit = CometBlock['block']['last_commit'];

const BLOCK_ID_FLAGS: Record<number, string> = {
  0: 'BLOCK_ID_FLAG_UNKNOWN',
  1: 'BLOCK_ID_FLAG_ABSENT',
  2: 'BLOCK_ID_FLAG_COMMIT',
  3: 'BLOCK_ID_FLAG_NIL',
};

/** A bytes field the RPC writes as upper hex: base64 in proto JSON, null when empty. */
const hexBytes = (hex: string): string | null => (hex === '' ? null : Buffer.from(hex, 'hex').toString('base64'));

/**
 * A Timestamp as jsonpb prints it: the fraction cut to 0, 3, 6 or 9 digits, whichever drops
 * only zeros. The RPC prints nine digits always (or none, for Go's zero time).
 */
export function protoTimestamp(rfc3339: string): string {
  const match = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(rfc3339);
  if (!match) throw new Error(`not an RFC 3339 UTC time: ${rfc3339}`);
  let fraction = (match[2] ?? '').padEnd(9, '0');
  while (fraction.endsWith('000')) fraction = fraction.slice(0, -3);
  return fraction === '' ? `${match[1]}Z` : `${match[1]}.${fraction}Z`;
}

const blockIdProto = (id: CometBlockId) => ({
  hash: hexBytes(id.hash),
  part_set_header: { total: id.parts.total, hash: hexBytes(id.parts.hash) },
});

/** tendermint.types.Header's fields, in their proto order, with the proposer as given. */
function headerProto<Proposer>(header: CometHeader, proposer: Proposer) {
  return {
    version: { block: header.version.block, app: '0' },
    chain_id: header.chain_id,
    height: header.height,
    time: protoTimestamp(header.time),
    last_block_id: blockIdProto(header.last_block_id),
    last_commit_hash: hexBytes(header.last_commit_hash),
    data_hash: hexBytes(header.data_hash),
    validators_hash: hexBytes(header.validators_hash),
    next_validators_hash: hexBytes(header.next_validators_hash),
    consensus_hash: hexBytes(header.consensus_hash),
    app_hash: hexBytes(header.app_hash),
    last_results_hash: hexBytes(header.last_results_hash),
    evidence_hash: hexBytes(header.evidence_hash),
    proposer_address: proposer,
  };
}

const commitProto = (commit: CometCommit) => ({
  height: commit.height,
  round: commit.round,
  block_id: blockIdProto(commit.block_id),
  signatures: commit.signatures.map((signature) => ({
    block_id_flag: BLOCK_ID_FLAGS[signature.block_id_flag],
    validator_address: hexBytes(signature.validator_address),
    timestamp: protoTimestamp(signature.timestamp),
    signature: signature.signature === '' ? null : signature.signature,
  })),
});

/** sdk.ConsAddress(bytes).String(): the proposer as the SDK's sdk_block names it. */
const valconsAddress = (hex: string) =>
  hex === '' ? '' : bech32.encode(VALCONS_PREFIX, bech32.toWords(Buffer.from(hex, 'hex')));

/** GetLatestBlockResponse / GetBlockByHeightResponse: block_id, the deprecated block, sdk_block. */
export function blockResponseJson(block: BlockRecord, chainId: string): string {
  const comet = blockJson(block, chainId);
  const { header } = comet.block;
  const rest = {
    data: { txs: comet.block.data.txs },
    evidence: { evidence: [] },
    last_commit: commitProto(comet.block.last_commit),
  };
  return goStringify({
    block_id: blockIdProto(comet.block_id),
    block: { header: headerProto(header, hexBytes(header.proposer_address)), ...rest },
    sdk_block: { header: headerProto(header, valconsAddress(header.proposer_address)), ...rest },
  });
}

/** GetNodeInfoResponse: the RPC's /status node_info as tendermint.p2p.DefaultNodeInfo, and the app's version. */
export function nodeInfoJson(source: BlockSource): string {
  const info = status(source).node_info;
  return goStringify({
    default_node_info: {
      protocol_version: info.protocol_version,
      default_node_id: info.id,
      listen_addr: info.listen_addr,
      network: info.network,
      version: info.version,
      channels: hexBytes(info.channels),
      moniker: info.moniker,
      other: info.other,
    },
    application_version: APPLICATION_VERSION,
  });
}

/** The node's blocks, or the gateway's 501 when this node serves none (it has no RPC either). */
function nodeBlocks(blocks: BlockSource | undefined): BlockSource {
  if (!blocks) throw notImplemented();
  return blocks;
}

/**
 * `node.Block` through the SDK's in-process client: CometBFT's error is a plain Go error, so
 * the gRPC server answers it as Unknown with CometBFT's own words (the RPC's /block data).
 */
function blockOrError(blocks: BlockSource, height: bigint | null): BlockRecord {
  try {
    return blockAt(blocks, height);
  } catch (error) {
    if (error instanceof RpcError) throw unknownError(error.data);
    throw error;
  }
}

/**
 * The block service's routes. `blocks/latest` comes before `blocks/{height}`: both match it, and
 * a v0.50 node answers it with the latest block, not a type mismatch on `height`.
 */
export const BLOCK_SERVICE_ROUTES: readonly Route[] = [
  route(`${TENDERMINT}/node_info`, 'none', async (_queries, _request, blocks) => nodeBlocks(blocks), nodeInfoJson),
  route(
    `${TENDERMINT}/syncing`,
    'none',
    async (_queries, _request, blocks) => status(nodeBlocks(blocks)).sync_info.catching_up,
    (syncing) => `{"syncing":${syncing}}`,
  ),
  route(
    `${TENDERMINT}/blocks/latest`,
    'none',
    async (_queries, _request, blocks) => {
      const source = nodeBlocks(blocks);
      return { block: blockOrError(source, null), chainId: source.chainId };
    },
    ({ block, chainId }) => blockResponseJson(block, chainId),
  ),
  route(
    `${TENDERMINT}/blocks/{height:int64}`,
    'none',
    async (_queries, request, blocks) => {
      const source = nodeBlocks(blocks);
      const height = request.integer('height');
      if (height > (source.blocks.latest?.height ?? 0n)) {
        // cmtservice's own check, before it asks the node (and its spelling).
        throw invalidArgument('requested block height is bigger then the chain length');
      }
      return { block: blockOrError(source, height), chainId: source.chainId };
    },
    ({ block, chainId }) => blockResponseJson(block, chainId),
  ),
];
