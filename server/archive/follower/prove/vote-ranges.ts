import type { GroupRangeToProve, VoteRangeToProve } from '../../store/proofs/range-work.ts';
import type { Evidence, FactEvidence } from './fact-evidence.ts';
import { memberPrefixHex, policyIndexPrefixHex, votePrefixHex } from './store-keys.ts';

// Every vote of a proposal in one state, proven to be all there are, and every member of its
// group in the same state: who did not vote, and the weights its final tally is counted with.
// Each is a walk of absence proofs, a query a key: long ones are left to reconciliation.

/** The longest vote set walked: past it, a proposal's votes are complete by reconciliation alone. */
const MAX_VOTES_WALKED = 2500;
/** The largest group whose members are walked beside a proposal's votes (non-voters, weights). */
const MAX_MEMBERS_WALKED = 600;

export async function walkVoteRange(
  evidence: FactEvidence,
  range: VoteRangeToProve,
): Promise<{ version: string; votes: Evidence; members: Evidence }> {
  const height = BigInt(range.height);
  const votes = await evidence.range(
    'group',
    votePrefixHex(range.id),
    height,
    { kind: 'vote-set', proposal_id: range.id },
    MAX_VOTES_WALKED,
  );
  const members = await evidence.range(
    'group',
    memberPrefixHex(range.group_id),
    height,
    { kind: 'member-set', group_id: range.group_id },
    MAX_MEMBERS_WALKED,
  );
  return { version: range.final ? `final:${range.vote_count}` : range.vote_count, votes, members };
}

/** The largest set of policies walked for a group (the index holds one key a policy). */
const MAX_POLICIES_WALKED = 600;

/** A group's members and its policies in one state, each proven to be all there are. */
export async function walkGroupRanges(
  evidence: FactEvidence,
  range: GroupRangeToProve,
  height: bigint,
): Promise<{ members: Evidence; policies: Evidence }> {
  const members = await evidence.range(
    'group',
    memberPrefixHex(range.id),
    height,
    { kind: 'member-set', group_id: range.id },
    MAX_MEMBERS_WALKED,
  );
  const policies = await evidence.range(
    'group',
    policyIndexPrefixHex(range.id),
    height,
    { kind: 'policy-set', group_id: range.id },
    MAX_POLICIES_WALKED,
  );
  return { members, policies };
}
