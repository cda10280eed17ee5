// A proposal's proof bundle made up for benchmarks: a made-up chain (the test kit's forge-chain,
// five validators as on the embedded chain) holds one proposal's votes, spread over fewer or more
// blocks, optionally walked complete as the archive proves a proposal's votes. Used by the
// browser's and the command's benchmarks, so both check the same bundles.
import { register } from 'tsx/esm/api';

register();
const { toBase64, toBech32 } = await import('@cosmjs/encoding');
const { MsgVote } = await import('cosmjs-types/cosmos/group/v1/tx');
const { TxBody, TxRaw } = await import('cosmjs-types/cosmos/tx/v1beta1/tx');
const { BUNDLE_FORMAT } = await import('../verify/bundle-format.ts');
const { hexOf, sha256, utf8 } = await import('../verify/bytes.ts');
const { merklePathOf, merkleRoot } = await import('../verify/records/merkle.ts');
const { resultBytes } = await import('../verify/records/tx-proof.ts');
const { forgeLightBlock, signerOf, timeAfter } = await import('../verify/testing/forge-chain.ts');
const { completeSets } = await import('../server/bench/complete-sets.ts');
const { verifyBundle } = await import('../verify/bundle-verify.ts');
const { claimsOf } = await import('../verify/records/claims.ts');
const { writtenRange } = await import('../verify/records/range-neighbours.ts');

/** The made-up chain is dated 2026-01-01: checked with a period that still covers it, whenever run. */
export const TRUSTING_PERIOD = 10 * 365 * 86_400;
const chainId = 'bench-1';
export const validators = ['a', 'b', 'c', 'd', 'e'].map((name, index) => signerOf(name, BigInt(10 + index)));

const pathJson = (items, index) => {
  const proof = merklePathOf(items, index);
  return { total: String(proof.total), index: String(proof.index), aunts: proof.aunts.map((aunt) => toBase64(aunt)) };
};

function voteTx(voter, option) {
  const message = MsgVote.encode(MsgVote.fromPartial({ proposalId: 7n, voter, option })).finish();
  const body = TxBody.encode(
    TxBody.fromPartial({ messages: [{ typeUrl: '/cosmos.group.v1.MsgVote', value: message }] }),
  );
  return TxRaw.encode({ bodyBytes: body.finish(), authInfoBytes: new Uint8Array(), signatures: [] }).finish();
}

/** A proposal's bundle as the archive assembles one: each vote's block linked from the next, signed, header. */
export function proposalBundle(votes, perBlock) {
  const genesis = forgeLightBlock({ chainId, height: 1n, time: timeAfter(0), lastBlockHash: '', validators });
  const lightBlocks = [genesis.block];
  const linked = [];
  const facts = [];
  const ballots = [];
  let last = { height: 1n, hash: genesis.hash, time: 0 };
  for (let first = 0, block = 0; first < votes; first += perBlock, block += 1) {
    const height = 100n + 10n * BigInt(block);
    const txs = [];
    for (let index = first; index < Math.min(votes, first + perBlock); index += 1) {
      const voter = toBech32('cosmos', sha256(utf8(`voter ${index}`)).slice(0, 20));
      txs.push({ voter, option: 1 + (index % 4), bytes: voteTx(voter, 1 + (index % 4)) });
      ballots.push({ voter, option: 1 + (index % 4) });
    }
    const result = { code: 0, data: null, gas_wanted: '200000', gas_used: '51234' };
    const leaves = txs.map((tx) => sha256(tx.bytes));
    const results = txs.map(() => resultBytes(result));
    const time = 60 * block;
    const voteBlock = forgeLightBlock({
      chainId,
      height,
      time: timeAfter(time + 10),
      lastBlockHash: hexOf(sha256(utf8(`block ${height - 1n}`))),
      validators,
      dataHash: hexOf(merkleRoot(leaves)),
    });
    const resultBlock = forgeLightBlock({
      chainId,
      height: height + 1n,
      time: timeAfter(time + 15),
      lastBlockHash: voteBlock.hash,
      validators,
      lastResultsHash: hexOf(merkleRoot(results)),
    });
    linked.push(voteBlock.block.signed_header.header);
    last = { height: height + 1n, hash: resultBlock.hash, time: time + 15 };
    lightBlocks.push({ ...resultBlock.block, verified_from: '1' });
    txs.forEach((tx, index) =>
      facts.push({
        kind: 'tx',
        height: String(height),
        tx: toBase64(tx.bytes),
        tx_path: pathJson(leaves, index),
        result,
        result_path: pathJson(results, index),
        claim: { kind: 'vote', proposal_id: '7', voter: tx.voter },
      }),
    );
  }
  const bundle = {
    format: BUNDLE_FORMAT,
    chain_id: chainId,
    bech32_prefix: 'cosmos',
    subject: { kind: 'proposal', id: '7', label: 'Proposal #7' },
    trust_root: {
      kind: 'genesis',
      initial_height: '1',
      genesis_time: timeAfter(-5),
      validators: genesis.block.validator_set,
    },
    trusting_period_seconds: '1209600',
    light_blocks: lightBlocks,
    linked_headers: linked,
    facts,
    unproven: [],
  };
  return { bundle, ballots, last };
}

/**
 * The same bundle made complete, as the archive proves a proposal's votes: its record, its votes
 * and its group's members walked in the state after a block past the last vote, and the claims
 * the archive writes of what that shows.
 */
export function completeBundle(votes, perBlock, nonVoters) {
  const { bundle, ballots, last } = proposalBundle(votes, perBlock);
  const state = last.height + 5n;
  const sets = completeSets({
    chainId,
    validators,
    proposalId: 7n,
    groupId: 3n,
    policyAddress: toBech32('cosmos', sha256(utf8('policy')).slice(0, 32)),
    ballots,
    nonVoters: Array.from({ length: nonVoters }, (_, index) =>
      toBech32('cosmos', sha256(utf8(`member ${index}`)).slice(0, 20)),
    ),
    height: state,
    time: timeAfter(last.time + 60),
    lastBlockHash: hexOf(sha256(utf8(`block ${state}`))),
    // As the archive: a group's members are walked beside the votes where it has 600 at most.
    walkMembers: ballots.length + nonVoters <= 600,
  });
  bundle.light_blocks.push({ ...sets.lightBlock, verified_from: '1' });
  bundle.facts.push(...sets.facts);
  const report = verifyBundle(structuredClone(bundle), { trustingPeriodSeconds: BigInt(TRUSTING_PERIOD) });
  bundle.claims = claimsOf(report.completeness);
  if (!report.ok || !bundle.claims.some((claim) => claim.subject === "proposal #7's votes"))
    throw new Error(
      `the complete bundle does not verify: ${JSON.stringify(report.completeness)} ${report.problem ?? ''}`,
    );
  // Written as the archive serves it: each walk by its neighbours.
  bundle.facts = bundle.facts.map((fact) => (fact.kind === 'range' ? writtenRange(fact) : fact));
  return bundle;
}
