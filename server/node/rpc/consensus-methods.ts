import { headerJson } from '../chain/block-header.ts';
import type { BlockRecord } from '../chain/block.ts';
import { commitSigJson, type Commit } from '../consensus/commit.ts';
import { validatorSetAt, type Validator } from '../consensus/validators.ts';
import type { BlockSource } from '../queries/block-source.ts';
import { RpcError, type RpcParams } from './rpc-error.ts';

// /commit, /header and /validators as CometBFT v0.38 serves them (rpc/core/blocks.go and
// consensus.go): what a light client reads to follow a chain. Only chains whose blocks are signed
// by validators have them.

const internal = (data: string) => new RpcError(-32603, 'Internal error', data);

function intParam(params: RpcParams, name: string): bigint | null {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return null;
  if (!/^-?\d+$/.test(raw)) {
    throw new RpcError(
      -32602,
      'Invalid params',
      `error converting http params to arguments: invalid ${name} ${JSON.stringify(raw)}`,
    );
  }
  return BigInt(raw);
}

/** getHeight: a height the block store holds (latest when none is asked for), or CometBFT's words why not. */
function heightParam(source: BlockSource, params: RpcParams, latest: bigint): bigint {
  const height = intParam(params, 'height');
  if (height === null) return latest;
  if (height <= 0n) throw internal(`height must be greater than 0, but got ${height}`);
  if (height > latest) {
    throw internal(`height ${height} must be less than or equal to the current blockchain height ${latest}`);
  }
  const base = source.blocks.base ?? latest;
  if (height < base) throw internal(`height ${height} is not available, lowest height is ${base}`);
  return height;
}

const latestOf = (source: BlockSource) => source.blocks.latest?.height ?? 0n;

function signedBlockAt(source: BlockSource, height: bigint): BlockRecord & Required<Pick<BlockRecord, 'signed'>> {
  const block = source.blocks.get(height);
  if (!block?.signed) throw new RpcError(-32601, 'Method not found', '');
  return { ...block, signed: block.signed };
}

export function commitJson(commit: Commit) {
  return {
    height: String(commit.height),
    round: commit.round,
    block_id: {
      hash: commit.blockId.hash,
      parts: { total: commit.blockId.partsTotal, hash: commit.blockId.partsHash },
    },
    signatures: commit.signatures.map(commitSigJson),
  };
}

/** /commit: the signed header. The latest block's commit is the one this node saw (not canonical yet). */
function commit(source: BlockSource, params: RpcParams) {
  const latest = latestOf(source);
  const block = signedBlockAt(source, heightParam(source, params, latest));
  return {
    signed_header: { header: headerJson(block, source.chainId), commit: commitJson(block.signed.commit) },
    canonical: block.height !== latest,
  };
}

function header(source: BlockSource, params: RpcParams) {
  const block = signedBlockAt(source, heightParam(source, params, latestOf(source)));
  return { header: headerJson(block, source.chainId) };
}

export const validatorJson = (validator: Validator) => ({
  address: validator.address,
  pub_key: { type: 'tendermint/PubKeyEd25519', value: Buffer.from(validator.pubKey).toString('base64') },
  voting_power: String(validator.power),
  // The simulated chain draws its proposers by weight instead of CometBFT's rotating priorities.
  proposer_priority: '0',
});

/** /validators: the set of a height, up to the next one (its set is already known), a page at a time. */
function validators(source: BlockSource, params: RpcParams) {
  const seed = source.params.validatorsSeed ?? source.params.seed;
  const latest = latestOf(source);
  if (seed === undefined || !source.blocks.latest?.signed) throw new RpcError(-32601, 'Method not found', '');
  const height = heightParam(source, params, latest + 1n);
  const set = validatorSetAt(seed, height);
  const perPageRaw = intParam(params, 'per_page');
  const perPage = perPageRaw === null || perPageRaw < 1n ? 30 : perPageRaw > 100n ? 100 : Number(perPageRaw);
  const pages = Math.max(1, Math.ceil(set.length / perPage));
  const pageRaw = intParam(params, 'page');
  if (pageRaw !== null && (pageRaw < 1n || pageRaw > BigInt(pages))) {
    throw internal(`page should be within [1, ${pages}] range, given ${pageRaw}`);
  }
  const skip = (Number(pageRaw ?? 1n) - 1) * perPage;
  const page = set.slice(skip, skip + perPage);
  return {
    block_height: String(height),
    validators: page.map(validatorJson),
    count: String(page.length),
    total: String(set.length),
  };
}

export const CONSENSUS_METHODS = { commit, header, validators };
