import { validatorOf } from '../chain/block-header.ts';
import type { BlockRecord } from '../chain/block.ts';
import { chainTimeText } from '../chain/chain-time.ts';
import { validatorSetAt } from '../consensus/validators.ts';
import { GENESIS_CHUNK_BYTES } from '../genesis-document.ts';
import type { BlockSource } from '../queries/block-source.ts';
import { abciQuery } from './abci-query.ts';
import { blockMatches, compileBlockQuery } from './block-query.ts';
import { CONSENSUS_METHODS } from './consensus-methods.ts';
import { parseQuery, QueryError, type Condition } from './event-query.ts';
import { RpcError, type RpcParams } from './rpc-error.ts';
import { blockJson, blockMetaJson, blockResultsJson, RawJson, txJson } from './rpc-json.ts';
import { heightsWithTags, type TagKind } from './tag-index.ts';
import { heightBounds, TX_OWN_TAGS, txMatches } from './tx-query.ts';

// The read-only CometBFT v0.38 RPC methods an indexer uses, over the node's kept blocks, with
// CometBFT's error kinds and words.

export { RpcError };

const internal = (data: string) => new RpcError(-32603, 'Internal error', data);
const invalidRequest = (data: string) => new RpcError(-32600, 'Invalid request', data);
export const invalidParams = (data: string) => new RpcError(-32602, 'Invalid params', data);

export type { RpcParams };

function intParam(params: RpcParams, name: string): bigint | null {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return null;
  if (!/^-?\d+$/.test(raw)) {
    throw invalidParams(`error converting http params to arguments: invalid ${name} ${JSON.stringify(raw)}`);
  }
  return BigInt(raw);
}

function latestHeight(source: BlockSource): bigint {
  return source.blocks.latest?.height ?? 0n;
}

/** The block /block serves for a height (latest when null), or CometBFT's error for it. */
export function blockAt(source: BlockSource, requested: bigint | null) {
  const latest = latestHeight(source);
  const height = requested ?? latest;
  if (height <= 0n) throw invalidRequest(`height must be greater than zero (requested height: ${height})`);
  if (height > latest) {
    throw internal(
      `height must be less than or equal to the head of the node's blockchain (requested height: ${height}, blockchain height: ${latest})`,
    );
  }
  const block = source.blocks.get(height);
  if (!block) {
    throw internal(
      `height is not available (requested height: ${height}, base height: ${source.blocks.base ?? latest})`,
    );
  }
  return block;
}

/** The validator this node runs: on a signed chain, the largest (it is in every set). */
function nodeValidator(source: BlockSource) {
  const latest = source.blocks.latest;
  if (!latest?.signed || source.params.seed === undefined) return validatorOf(source.chainId);
  const own = validatorSetAt(source.params.seed, latest.height + 1n)[0];
  return { address: own.address, pubKey: Buffer.from(own.pubKey).toString('base64'), votingPower: String(own.power) };
}

export function status(source: BlockSource) {
  const latest = source.blocks.latest;
  const earliest = source.blocks.base === null ? undefined : source.blocks.get(source.blocks.base);
  const validator = nodeValidator(source);
  const zeroTime = chainTimeText(source.params.genesisTime);
  return {
    node_info: {
      protocol_version: { p2p: '8', block: '11', app: '0' },
      id: validator.address.toLowerCase(),
      listen_addr: 'tcp://127.0.0.1:26656',
      network: source.chainId,
      version: '0.38.12',
      channels: '402021222330386061',
      moniker: 'polity',
      other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:26657' },
    },
    sync_info: {
      latest_block_hash: latest?.hash ?? '',
      latest_app_hash: latest?.appHash ?? '',
      latest_block_height: String(latest?.height ?? 0n),
      latest_block_time: latest ? chainTimeText(latest.time) : zeroTime,
      earliest_block_hash: earliest?.hash ?? '',
      earliest_app_hash: earliest?.appHash ?? '',
      earliest_block_height: String(earliest?.height ?? 0n),
      earliest_block_time: earliest ? chainTimeText(earliest.time) : zeroTime,
      catching_up: false,
    },
    validator_info: {
      address: validator.address,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: validator.pubKey },
      voting_power: validator.votingPower,
    },
  };
}

/** /blockchain: at most 20 block metas between min and max, newest first (filterMinMax). */
function blockchain(source: BlockSource, params: RpcParams) {
  const latest = latestHeight(source);
  let min = intParam(params, 'minHeight') ?? 0n;
  let max = intParam(params, 'maxHeight') ?? 0n;
  if (min < 0n || max < 0n) throw invalidRequest('heights must be non-negative');
  if (min === 0n) min = 1n;
  if (max === 0n) max = latest;
  if (max > latest) max = latest;
  const base = source.blocks.base ?? latest;
  if (min < base) min = base;
  if (min < max - 19n) min = max - 19n;
  if (min > max) throw invalidRequest(`invalid request: min height ${min} can't be greater than max height ${max}`);
  const metas = [];
  for (let height = max; height >= min; height--) {
    const block = source.blocks.get(height);
    if (block) metas.push(blockMetaJson(block, source.chainId));
  }
  return { last_height: String(latest), block_metas: metas };
}

/** A search's query, parsed; a bad one is the method's error (Internal error, as CometBFT answers it). */
function searchQuery(params: RpcParams): Condition[] {
  try {
    return parseQuery(params.get('query') ?? '');
  } catch (error) {
    if (error instanceof QueryError) throw internal(error.message);
    throw error;
  }
}

/** validatePerPage and validatePage: a missing or non-positive per_page is 30, at most 100. */
function searchPage<T>(params: RpcParams, found: readonly T[]): T[] {
  const perPageRaw = intParam(params, 'per_page');
  const perPage = perPageRaw === null || perPageRaw < 1n ? 30n : perPageRaw > 100n ? 100n : perPageRaw;
  const requested = intParam(params, 'page');
  const pages = found.length === 0 ? 1n : (BigInt(found.length) - 1n) / perPage + 1n;
  const page = requested ?? 1n;
  if (requested !== null && (page < 1n || page > pages)) {
    throw internal(`page should be within [1, ${pages}] range, given ${page}`);
  }
  const start = Number((page - 1n) * perPage);
  return found.slice(start, start + Number(perPage));
}

/** The kept heights a search may look at, narrowed by the bounds its query implies. */
function searchHeights(source: BlockSource, bounds: { min: bigint | null; max: bigint | null }): [bigint, bigint] {
  const base = source.blocks.base ?? 1n;
  const latest = latestHeight(source);
  return [
    bounds.min !== null && bounds.min > base ? bounds.min : base,
    bounds.max !== null && bounds.max < latest ? bounds.max : latest,
  ];
}

/** The heights a search looks at: those carrying its tags (through the index), else every one. */
function* candidateHeights(source: BlockSource, kind: TagKind, tags: readonly string[], from: bigint, to: bigint) {
  if (tags.length > 0) {
    yield* heightsWithTags(source.blocks, kind, tags, from, to);
    return;
  }
  for (let height = from; height <= to; height++) yield height;
}

function txSearch(source: BlockSource, params: RpcParams) {
  const conditions = searchQuery(params);
  const order = params.get('order_by') || 'asc';
  if (order !== 'asc' && order !== 'desc') {
    throw internal('expected order_by to be either `asc` or `desc` or empty');
  }
  const [from, to] = searchHeights(source, heightBounds(conditions));
  const found: { height: bigint; index: number }[] = [];
  const tags = conditions.map((condition) => condition.tag).filter((tag) => !TX_OWN_TAGS.has(tag));
  for (const height of candidateHeights(source, 'tx', tags, from, to)) {
    const block = source.blocks.get(height);
    if (!block) continue;
    for (let index = 0; index < block.txs.length; index++) {
      if (txMatches(block, index, conditions)) found.push({ height, index });
    }
  }
  if (order === 'desc') found.reverse();
  const txs = searchPage(params, found).map(({ height, index }) => {
    const block = source.blocks.get(height);
    if (!block) throw internal(`height is not available (requested height: ${height})`);
    return txJson(block, index);
  });
  return { txs, total_count: String(found.length) };
}

/** /block_search: blocks whose finalize-block events match, newest first unless order_by=asc. */
function blockSearch(source: BlockSource, params: RpcParams) {
  const query = compileBlockQuery(searchQuery(params));
  const order = params.get('order_by') ?? '';
  if (order !== 'asc' && order !== 'desc' && order !== '') {
    throw internal('expected order_by to be either `asc` or `desc` or empty');
  }
  const [from, to] = searchHeights(source, query.heightRange);
  const found: BlockRecord[] = [];
  for (const height of candidateHeights(source, 'finalize', query.eventTags, from, to)) {
    const block = source.blocks.get(height);
    if (block && blockMatches(block, query)) found.push(block);
  }
  if (order !== 'asc') found.reverse();
  const blocks = searchPage(params, found).map((block) => blockJson(block, source.chainId));
  return { blocks, total_count: String(found.length) };
}

/**
 * /genesis: the whole document, or CometBFT's refusal when it spans more than one 16 MiB chunk
 * (its Genesis handler returns that error, which the RPC answers as an Internal error).
 */
function genesis(source: BlockSource): RawJson {
  const document = source.genesis?.();
  if (!document) throw new RpcError(-32601, 'Method not found', '');
  if ('tooLarge' in document) throw internal('genesis response is large, please use the genesis_chunked API instead');
  return new RawJson(`{"genesis":${document.json}}`);
}

/**
 * /genesis_chunked: the document in chunks of 16 MiB, base64, as CometBFT serves it. A genesis
 * this node never builds (the large scenario's) has no chunks, in CometBFT's words.
 */
function genesisChunked(source: BlockSource, params: RpcParams): RawJson {
  const document = source.genesis?.();
  if (!document) throw new RpcError(-32601, 'Method not found', '');
  if ('tooLarge' in document) throw internal('service configuration error, there are no chunks');
  const bytes = Buffer.from(document.json, 'utf8');
  const total = Math.max(1, Math.ceil(bytes.length / GENESIS_CHUNK_BYTES));
  const asked = params.get('chunk');
  const chunk = asked === undefined ? 0 : /^\d{1,9}$/.test(asked) ? Number(asked) : -1;
  if (chunk < 0 || chunk >= total) throw internal(`there are ${total} chunks, ${asked ?? ''} is invalid`);
  const data = bytes.subarray(chunk * GENESIS_CHUNK_BYTES, (chunk + 1) * GENESIS_CHUNK_BYTES).toString('base64');
  return new RawJson(`{"chunk":"${chunk}","total":"${total}","data":"${data}"}`);
}

type RpcMethod = (source: BlockSource, params: RpcParams) => unknown;

/**
 * Every method, by name: each returns the `result` object of the JSON-RPC response. A Map, so
 * that a method named `toString` or `__proto__` is simply unknown.
 */
export const RPC_METHODS: ReadonlyMap<string, RpcMethod> = new Map<string, RpcMethod>(
  Object.entries({
    status: (source) => status(source),
    block: (source, params) => {
      const block = blockAt(source, intParam(params, 'height'));
      return blockJson(block, source.chainId);
    },
    block_results: (source, params) => blockResultsJson(blockAt(source, intParam(params, 'height'))),
    blockchain,
    tx_search: txSearch,
    block_search: blockSearch,
    genesis,
    genesis_chunked: genesisChunked,
    ...CONSENSUS_METHODS,
    abci_query: abciQuery,
  }),
);
