import { createHash } from 'node:crypto';

import { headerJsonHash, merkleRoot } from '../../lib/cometbft-hash.ts';
import { commitHash, makeCommit, type Commit } from '../consensus/commit.ts';
import { resultsHash } from '../consensus/results-hash.ts';
import { proposerOf, validatorSetAt, validatorSetHash } from '../consensus/validators.ts';
import { hexUpper, type BlockRecord, type SignedBlockFields, type TxResult } from './block.ts';
import { chainTimeText } from './chain-time.ts';
import type { Millis } from './records.ts';

// A block's header, as the node's RPC shows it and as its hash is computed: one definition, so
// the hash a block is served under is always the CometBFT hash of the header served with it.

/**
 * How a chain makes its headers and names its blocks. `signed`: validators with real keys sign
 * each block, and the header's hashes commit to the validator set, the last commit, the results
 * and the state, as on a real node. `cometbft`: the header's CometBFT hash over a single made-up
 * validator and digests; `polity-1`: a digest of a few fields. Data dirs written before keep
 * theirs, since a height once served must keep its hash.
 */
export type BlockHashScheme = 'signed' | 'cometbft' | 'polity-1';

const sha256 = (...parts: (Uint8Array | string)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The single validator of the simulated chain, derived from its chain id. */
export function validatorOf(chainId: string) {
  const pubKey = createHash('sha256').update(`${chainId}:validator`).digest();
  const address = hexUpper(createHash('sha256').update(pubKey).digest().subarray(0, 20));
  return { address, pubKey: pubKey.toString('base64'), votingPower: '100000' };
}

/** A stand-in for the part set's hash (the node has no block parts): derived from the block hash. */
export const partsHash = (hash: string) => hexUpper(Buffer.from(hash.split('').reverse().join(''), 'hex'));

export const blockIdJson = (hash: string) => ({
  hash,
  parts: { total: hash ? 1 : 0, hash: hash ? partsHash(hash) : '' },
});

type HeaderSource = Pick<
  BlockRecord,
  'height' | 'time' | 'lastBlockHash' | 'dataHash' | 'appHash' | 'lastResultsHash' | 'signed'
>;

const CONSENSUS_HASH = '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F';
const EMPTY_EVIDENCE_HASH = 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855';

/** The header fields that name the validators: signed by the set, or the one stand-in validator of older data dirs. */
function validatorFields(block: HeaderSource, chainId: string) {
  if (block.signed)
    return {
      lastCommitHash: block.signed.lastCommitHash,
      validatorsHash: block.signed.validatorsHash,
      nextValidatorsHash: block.signed.nextValidatorsHash,
      proposerAddress: block.signed.proposerAddress,
    };
  const validator = validatorOf(chainId);
  const validatorsHash = hexUpper(Buffer.from(validator.address.padEnd(64, '0'), 'hex'));
  return {
    lastCommitHash: block.lastBlockHash ? partsHash(block.lastBlockHash) : '',
    validatorsHash,
    nextValidatorsHash: validatorsHash,
    proposerAddress: validator.address,
  };
}

export function headerJson(block: HeaderSource, chainId: string) {
  const validators = validatorFields(block, chainId);
  return {
    version: { block: '11' },
    chain_id: chainId,
    height: String(block.height),
    time: chainTimeText(block.time),
    last_block_id: blockIdJson(block.lastBlockHash),
    last_commit_hash: validators.lastCommitHash,
    data_hash: block.dataHash,
    validators_hash: validators.validatorsHash,
    next_validators_hash: validators.nextValidatorsHash,
    consensus_hash: CONSENSUS_HASH,
    app_hash: block.appHash,
    last_results_hash: block.lastResultsHash,
    evidence_hash: EMPTY_EVIDENCE_HASH,
    proposer_address: validators.proposerAddress,
  };
}

function cometHash(block: HeaderSource, chainId: string): string {
  const hash = headerJsonHash(headerJson(block, chainId));
  if (!hash) throw new Error('a header without a validators hash has no hash');
  return hash;
}

/** Block, data and results hashes for a block: deterministic, chained to the previous block. */
export function blockHashes(
  scheme: BlockHashScheme,
  chainId: string,
  height: bigint,
  time: Millis,
  txs: readonly Uint8Array[],
  lastBlockHash: string,
  resultsDigest: string,
): Pick<BlockRecord, 'hash' | 'dataHash' | 'appHash' | 'lastResultsHash'> {
  const dataHash = hexUpper(merkleRoot(txs.map((tx) => sha256(tx))));
  const appHash = hexUpper(sha256('app', chainId, String(height), resultsDigest));
  const lastResultsHash = hexUpper(sha256('results', resultsDigest));
  const fields = { height, time, lastBlockHash, dataHash, appHash, lastResultsHash };
  const hash =
    scheme === 'cometbft'
      ? cometHash(fields, chainId)
      : hexUpper(sha256(chainId, String(height), String(time), dataHash, lastBlockHash, appHash));
  return { hash, dataHash, appHash, lastResultsHash };
}

/** What a signed block's header takes from the block before it. */
export interface PriorBlock {
  /** The root of the state the previous block left (the genesis state's for the first block). */
  readonly appHash: string;
  /** The previous block's results hash (the empty list's for the first block). */
  readonly resultsHash: string;
  /** The previous block's commit (null for the first block). */
  readonly commit: Commit | null;
}

/** The header fields, hash and commit of a block the chain's validators make and sign. */
export function signedBlock(
  seed: string,
  chainId: string,
  height: bigint,
  time: Millis,
  txs: readonly Uint8Array[],
  results: readonly TxResult[],
  lastBlockHash: string,
  prior: PriorBlock,
  stateHash: string,
): Pick<BlockRecord, 'hash' | 'dataHash' | 'appHash' | 'lastResultsHash' | 'signed'> {
  const validators = validatorSetAt(seed, height);
  const dataHash = hexUpper(merkleRoot(txs.map((tx) => sha256(tx))));
  const fields = {
    height,
    time,
    lastBlockHash,
    dataHash,
    appHash: prior.appHash,
    lastResultsHash: prior.resultsHash,
    signed: {
      validatorsHash: hexUpper(validatorSetHash(validators)),
      nextValidatorsHash: hexUpper(validatorSetHash(validatorSetAt(seed, height + 1n))),
      proposerAddress: proposerOf(seed, height, validators).address,
      lastCommitHash: hexUpper(commitHash(prior.commit?.signatures ?? [])),
      lastCommit: prior.commit,
      resultsHash: hexUpper(resultsHash(results)),
      stateHash,
    },
  };
  const hash = cometHash({ ...fields, signed: { ...fields.signed, commit: PLACEHOLDER_COMMIT } }, chainId);
  const commit = makeCommit(seed, chainId, height, { hash, partsTotal: 1, partsHash: partsHash(hash) }, time);
  const signed: SignedBlockFields = { ...fields.signed, commit };
  return { hash, dataHash, appHash: fields.appHash, lastResultsHash: fields.lastResultsHash, signed };
}

/** The header does not show a block's own commit; its hash is computed before the commit exists. */
const PLACEHOLDER_COMMIT: Commit = {
  height: 0n,
  round: 0,
  blockId: { hash: '', partsTotal: 0, partsHash: '' },
  signatures: [],
};
