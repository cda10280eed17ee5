import type { GroupRangeToProve, VoteRangeToProve } from '../../store/proofs/range-work.ts';
import type { Evidence, FactEvidence } from './fact-evidence.ts';
import {
  balancesPrefixHex,
  memberPrefixHex,
  policyIndexPrefixHex,
  policyKeyHex,
  policyProposalsPrefixHex,
  PROPOSAL_SEQUENCE_KEY_HEX,
  proposalKeyHex,
  votePrefixHex,
} from './store-keys.ts';

// Every vote of a proposal in one state, proven to be all there are, and every member of its
// group in the same state: who did not vote, and the weights its final tally is counted with.
// Each is a walk of absence proofs, a query a key: long ones are left to reconciliation.

/** The longest vote set walked: past it, a proposal's votes are complete by reconciliation alone. */
const MAX_VOTES_WALKED = 2500;
/** The largest group whose members are walked beside a proposal's votes (non-voters, weights). */
const MAX_MEMBERS_WALKED = 600;

/** Every key of x/group's store under `prefixHex`, after block `height`, claimed to be `claim`'s set. */
const walkGroupStore = (
  evidence: FactEvidence,
  prefixHex: string,
  height: bigint,
  claim: Record<string, string>,
  maxKeys: number,
) => evidence.range('group', prefixHex, height, claim, maxKeys);

export async function walkVoteRange(
  evidence: FactEvidence,
  range: VoteRangeToProve,
): Promise<{ version: string; votes: Evidence; members: Evidence; proposal: Evidence; policy: Evidence }> {
  const height = BigInt(range.height);
  const claim = { kind: 'vote-set', proposal_id: range.id };
  const votes = await walkGroupStore(evidence, votePrefixHex(range.id), height, claim, MAX_VOTES_WALKED);
  const group = { kind: 'member-set', group_id: range.group_id };
  const members = await walkGroupStore(evidence, memberPrefixHex(range.group_id), height, group, MAX_MEMBERS_WALKED);
  // Which group the votes are the proposal's own group's (rule C7): its record names its policy,
  // the policy's record its group, in the same state as the walks — so the members walked are
  // provably the ones who could vote, and no other group's.
  // Claimed by id only: a proposal executed in the block its voting ended in is not stored yet in
  // the state before it, and its absence, proven, binds nothing (the verifier asks for a stored record).
  const proposalClaim = { kind: 'proposal', proposal_id: range.id };
  const proposal = await evidence.record('group', proposalKeyHex(range.id), height, proposalClaim);
  const policyClaim = { kind: 'policy', address: range.policy_address, group_id: range.group_id };
  const policy = await evidence.record('group', policyKeyHex(range.policy_address), height, policyClaim);
  return { version: range.final ? `final:${range.vote_count}` : range.vote_count, votes, members, proposal, policy };
}

/** The largest set of policies walked for a group (the index holds one key a policy). */
const MAX_POLICIES_WALKED = 600;

/** A group's members and its policies in one state, each proven to be all there are. */
export async function walkGroupRanges(
  evidence: FactEvidence,
  range: GroupRangeToProve,
  height: bigint,
): Promise<{
  members: Evidence;
  policies: Evidence;
  proposals: { address: string; evidence: Evidence }[];
  sequence: Evidence;
}> {
  const memberSet = { kind: 'member-set', group_id: range.id };
  const members = await walkGroupStore(evidence, memberPrefixHex(range.id), height, memberSet, MAX_MEMBERS_WALKED);
  const policySet = { kind: 'policy-set', group_id: range.id };
  const policies = await walkGroupStore(
    evidence,
    policyIndexPrefixHex(range.id),
    height,
    policySet,
    MAX_POLICIES_WALKED,
  );
  // Each policy's stored proposals, and the sequence that numbers every proposal, in the same state.
  const proposals: { address: string; evidence: Evidence }[] = [];
  for (const address of range.policies) {
    const claim = { kind: 'policy-proposal-set', group_policy_address: address };
    const prefix = policyProposalsPrefixHex(address);
    proposals.push({ address, evidence: await walkGroupStore(evidence, prefix, height, claim, MAX_VOTES_WALKED) });
  }
  const sequence = await evidence.record('group', PROPOSAL_SEQUENCE_KEY_HEX, height, { kind: 'proposal-sequence' });
  return { members, policies, proposals, sequence };
}

/** Denoms a treasury's walk reads before it says the set is too long to prove complete. */
const MOST_DENOMS = 500;

/** Every balance a policy holds after block `height`, walked denom by denom in x/bank's store: its treasury, complete. */
export const walkTreasury = (evidence: FactEvidence, address: string, height: bigint) =>
  evidence.range('bank', balancesPrefixHex(address), height, { kind: 'balance-set', address }, MOST_DENOMS);
