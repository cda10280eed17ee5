import { fromBech32, toBase64, toHex } from '@cosmjs/encoding';
import {
  GroupMember,
  Proposal,
  ProposalExecutorResult,
  ProposalStatus,
  Vote,
} from 'cosmjs-types/cosmos/group/v1/types';

import type { FactJson } from '../../verify/bundle-format.ts';
import { hexOf } from '../../verify/bytes.ts';
import { forgeLightBlock, type ForgeOptions } from '../../verify/testing/forge-chain.ts';
import { emptyValue, insert, leaf, type TreeNode, type ValueEncoder } from '../node/store/iavl-tree.ts';
import { appHashOf, type StoreRoots } from '../node/store/multistore.ts';
import { proveKey, proveStoreRoot } from '../node/store/store-proof.ts';

// What makes a proposal's bundle complete, made up for the benches the way the archive proves it:
// x/group's store in one state holding the proposal, its group's members and its votes, beside
// the other stores a v0.50 simd commits (so each proof climbs as many store-root steps as on a
// real chain); a signed header above that state; the proposal's record, and walks of absence
// proofs over its votes and its group's members.

/** The stores a v0.50.13 simd commits besides x/group, one record each. */
const OTHER_STORES = [
  'acc',
  'authz',
  'bank',
  'circuit',
  'consensus',
  'distribution',
  'evidence',
  'feegrant',
  'gov',
  'mint',
  'nft',
  'params',
  'slashing',
  'staking',
  'upgrade',
];

const latin1 = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');
const idHex = (id: bigint) => id.toString(16).padStart(16, '0');
const bytesEncoder =
  (bytes: Uint8Array): ValueEncoder =>
  () =>
    bytes;

export interface Ballot {
  voter: string;
  /** 1 yes, 2 abstain, 3 no, 4 no with veto (x/group's VoteOption). */
  option: number;
}

export interface CompleteSetsOptions extends Pick<ForgeOptions, 'chainId' | 'validators'> {
  proposalId: bigint;
  groupId: bigint;
  policyAddress: string;
  ballots: readonly Ballot[];
  /** Members beside the voters, who cast no vote (weight 1 each, as the voters). */
  nonVoters: readonly string[];
  /** The state walked is the one after block `height`; header `height` + 1 is signed over it. */
  height: bigint;
  time: string;
  lastBlockHash: string;
  /** Whether the group's members are walked too (the archive walks groups of up to 600). */
  walkMembers: boolean;
}

export function completeSets(options: CompleteSetsOptions) {
  const { proposalId, groupId, ballots } = options;
  const stamp = (millis: number) => ({ seconds: BigInt(Math.floor(millis / 1000)), nanos: 0 });
  const at = stamp(Date.parse(options.time) - 60_000);
  let group: TreeNode | null = null;
  const put = (keyHex: string, value: Uint8Array) => {
    group = insert(group, leaf(latin1(keyHex), null, value.length ? bytesEncoder(value) : emptyValue, 1));
  };
  const tally = [0, 0, 0, 0];
  for (const { voter, option } of ballots) {
    tally[option - 1] += 1;
    const vote = Vote.encode(Vote.fromPartial({ proposalId, voter, option, metadata: '', submitTime: at })).finish();
    put(`4000${idHex(proposalId)}${toHex(fromBech32(voter).data)}`, vote);
  }
  for (const address of [...ballots.map((ballot) => ballot.voter), ...options.nonVoters]) {
    const member = GroupMember.encode(
      GroupMember.fromPartial({ groupId, member: { address, weight: '1', metadata: '', addedAt: at } }),
    ).finish();
    put(`1000${idHex(groupId)}${toHex(fromBech32(address).data)}`, member);
  }
  const [yes, abstain, no, veto] = tally.map(String);
  const proposal = Proposal.encode(
    Proposal.fromPartial({
      id: proposalId,
      groupPolicyAddress: options.policyAddress,
      proposers: [ballots[0].voter],
      submitTime: at,
      groupVersion: 1n,
      groupPolicyVersion: 1n,
      status: ProposalStatus.PROPOSAL_STATUS_ACCEPTED,
      finalTallyResult: { yesCount: yes, abstainCount: abstain, noCount: no, noWithVetoCount: veto },
      votingPeriodEnd: stamp(Date.parse(options.time) - 1000),
      executorResult: ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_NOT_RUN,
      title: 'A proposal every member was asked to vote on',
    }),
  ).finish();
  const proposalKey = `3000${idHex(proposalId)}`;
  put(proposalKey, proposal);
  const stores = new Map<string, TreeNode | null>([['group', group]]);
  for (const name of OTHER_STORES) stores.set(name, leaf(latin1('01'), null, bytesEncoder(Uint8Array.of(1)), 1));
  const roots: StoreRoots = stores;
  const signed = forgeLightBlock({
    chainId: options.chainId,
    validators: options.validators,
    height: options.height + 1n,
    time: options.time,
    lastBlockHash: options.lastBlockHash,
    appHash: hexOf(appHashOf(roots)),
  });
  const storeRoot = toBase64(proveStoreRoot(roots, 'group'));
  const proofOps = (keyHex: string) => {
    const proof = proveKey(group, latin1(keyHex));
    return {
      value: proof.value,
      ops: [
        { type: 'ics23:iavl', key: toBase64(Buffer.from(keyHex, 'hex')), data: toBase64(proof.storeProof) },
        { type: 'ics23:simple', key: toBase64(Buffer.from('group')), data: storeRoot },
      ],
    };
  };
  /** From the prefix to past its last key: one absence proof a step, each naming the next key. */
  const walk = (prefixHex: string, claim: Record<string, string>): FactJson => {
    const steps: { key: string; proof_ops: ReturnType<typeof proofOps>['ops'] }[] = [];
    const keys = keysUnder(group, prefixHex);
    for (const key of [prefixHex.toUpperCase(), ...keys.map((found) => `${found}00`)])
      steps.push({ key, proof_ops: proofOps(key).ops });
    return {
      kind: 'range',
      height: String(options.height),
      store: 'group',
      prefix: prefixHex.toUpperCase(),
      steps,
      claim,
    };
  };
  const record = proofOps(proposalKey);
  const facts: FactJson[] = [
    {
      kind: 'store',
      height: String(options.height),
      store: 'group',
      key: proposalKey.toUpperCase(),
      value: record.value === null ? null : toBase64(record.value),
      proof_ops: record.ops,
      claim: { kind: 'proposal', proposal_id: String(proposalId) },
    },
    walk(`4000${idHex(proposalId)}`, { kind: 'vote-set', proposal_id: String(proposalId) }),
    ...(options.walkMembers ? [walk(`1000${idHex(groupId)}`, { kind: 'member-set', group_id: String(groupId) })] : []),
  ];
  return { lightBlock: signed.block, facts };
}

/** The keys of a tree under a prefix, in order (hex, upper case). */
function keysUnder(root: TreeNode | null, prefixHex: string): string[] {
  const prefix = latin1(prefixHex);
  const out: string[] = [];
  const visit = (node: TreeNode | null) => {
    if (node === null) return;
    if (node.kind === 'leaf') {
      if (node.key.startsWith(prefix)) out.push(Buffer.from(node.key, 'latin1').toString('hex').toUpperCase());
      return;
    }
    visit(node.left);
    visit(node.right);
  };
  visit(root);
  return out;
}
