import { toBase64 } from '@cosmjs/encoding';
import { MsgVote } from 'cosmjs-types/cosmos/group/v1/tx';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';

import { BUNDLE_FORMAT, type ProofBundle } from '../bundle-format.ts';
import { hexOf, sha256 } from '../bytes.ts';
import { merklePathOf, merkleRoot } from '../records/merkle.ts';
import { resultBytes } from '../records/tx-proof.ts';
import { clockAfter, forgeLightBlock, signerOf, timeAfter } from './forge-chain.ts';
import { realLightBlock361, realProofs } from './real-node.ts';

// Two bundles for tests: a real node's records proven from its header 361, and a made-up chain's
// vote proven from its genesis validators across a validator set change.

export const pathJson = (items: Uint8Array[], index: number) => {
  const path = merklePathOf(items, index);
  return { total: String(path.total), index: String(path.index), aunts: path.aunts.map((aunt) => toBase64(aunt)) };
};

export function realBundle(): ProofBundle {
  const block = realLightBlock361();
  return {
    format: BUNDLE_FORMAT,
    chain_id: block.signed_header.header.chain_id,
    bech32_prefix: 'cosmos',
    subject: { kind: 'proposal', id: '6', label: 'Proposal #6' },
    trust_root: { kind: 'header', height: '361', hash: block.signed_header.commit.block_id.hash },
    trusting_period_seconds: '1209600',
    light_blocks: [block],
    linked_headers: [],
    facts: realProofs.proofs.map((proof) => ({
      kind: 'store' as const,
      height: '360',
      store: proof.store,
      key: proof.key_hex,
      value: proof.value,
      proof_ops: proof.ops,
      claim: proof.name === 'vote-6-bob' ? { kind: 'vote', option: 'VOTE_OPTION_YES' } : ({} as Record<string, string>),
    })),
    unproven: [],
  };
}

const chainId = 'forged-1';
export const voter = 'cosmos1w0v0g5m0l3jammh5hdu8ff0pglyaq2ysyknh3p';
export const genesisSigners = ['a', 'b', 'c', 'd'].map((name, index) => signerOf(name, BigInt(10 + index)));
const laterSet = [...genesisSigners.slice(1), signerOf('e', 30n)];

/** A MsgVote of the made-up chain's voter on proposal 7. */
export const voteTx = (option: number) =>
  TxRaw.encode({
    bodyBytes: TxBody.encode(
      TxBody.fromPartial({
        messages: [
          {
            typeUrl: '/cosmos.group.v1.MsgVote',
            value: MsgVote.encode(MsgVote.fromPartial({ proposalId: 7n, voter, option })).finish(),
          },
        ],
      }),
    ).finish(),
    authInfoBytes: new Uint8Array(),
    signatures: [],
  }).finish();

/** What every made-up bundle of a vote on #7 shares: its chain, subject and genesis root. */
export const voteBundleOf = (
  chainId: string,
  validators: ProofBundle['light_blocks'][number]['validator_set'],
): Pick<
  ProofBundle,
  'format' | 'chain_id' | 'bech32_prefix' | 'subject' | 'trust_root' | 'trusting_period_seconds' | 'unproven'
> => ({
  format: BUNDLE_FORMAT,
  chain_id: chainId,
  bech32_prefix: 'cosmos',
  subject: { kind: 'vote', id: `7/${voter}`, label: 'A vote on #7' },
  trust_root: { kind: 'genesis', initial_height: '1', genesis_time: timeAfter(-5), validators },
  trusting_period_seconds: '1209600',
  unproven: [],
});

/**
 * A made-up chain's vote, proven. `borrowedResult`: block 40 also holds a NO vote that failed
 * (code 5), and the fact is that failed vote paired with the YES vote's successful result.
 */
export function forgedBundle({ borrowedResult = false } = {}): ProofBundle {
  const tx = voteTx(1);
  const failed = voteTx(3);
  const result = { code: 0, data: null, gas_wanted: '200000', gas_used: '51234' };
  const failure = { code: 5, data: null, gas_wanted: '200000', gas_used: '40000' };
  const txs = borrowedResult ? [failed, tx] : [tx];
  const results = (borrowedResult ? [failure, result] : [result]).map(resultBytes);
  const first = forgeLightBlock({
    chainId,
    height: 1n,
    time: timeAfter(0),
    lastBlockHash: '',
    validators: genesisSigners,
  });
  // Height 40 holds the vote; the set changes at 41 (e joins, a leaves); 41 commits its result.
  const voteBlock = forgeLightBlock({
    chainId,
    height: 40n,
    time: timeAfter(400),
    lastBlockHash: 'CD'.repeat(32),
    validators: genesisSigners,
    nextValidators: laterSet,
    dataHash: hexOf(merkleRoot(txs.map((bytes) => sha256(bytes)))),
  });
  const resultBlock = forgeLightBlock({
    chainId,
    height: 41n,
    time: timeAfter(405),
    lastBlockHash: voteBlock.hash,
    validators: laterSet,
    lastResultsHash: hexOf(merkleRoot(results)),
  });
  return {
    ...voteBundleOf(chainId, first.block.validator_set),
    light_blocks: [first.block, resultBlock.block],
    linked_headers: [voteBlock.block.signed_header.header],
    facts: [
      {
        kind: 'tx',
        height: '40',
        tx: toBase64(borrowedResult ? failed : tx),
        tx_path: pathJson(
          txs.map((bytes) => sha256(bytes)),
          0,
        ),
        result,
        result_path: pathJson(results, borrowedResult ? 1 : 0),
        claim: { kind: 'vote', proposal_id: '7', voter, option: borrowedResult ? 'VOTE_OPTION_NO' : 'VOTE_OPTION_YES' },
      },
    ],
  };
}

/** The verifier's clock for the sample bundles: an hour after the made-up chain begins. */
export const SAMPLE_CLOCK = { atNanos: clockAfter(3600).nowNanos };

/** The made-up chain's header at height 90, signed by its genesis validators (skipping from the root). */
export const laterHeader = (chainId: string) =>
  forgeLightBlock({
    chainId,
    height: 90n,
    time: timeAfter(900),
    lastBlockHash: 'EF'.repeat(32),
    validators: genesisSigners,
  });
