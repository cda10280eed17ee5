import type { GroupInfo, GroupMember, GroupPolicyInfo, Proposal, Vote } from './schemas.ts';

// What makes a row of each list unique. Lists key their rows by these, and pagination detects a
// repeated page by comparing them, so each must be stable across pages and refetches.

export const groupRowId = (group: GroupInfo) => group.id;
export const memberRowId = (member: GroupMember) => member.member.address;
export const policyRowId = (policy: GroupPolicyInfo) => policy.address;
export const proposalRowId = (proposal: Proposal) => proposal.id;
/** A voter votes once per proposal, so the pair identifies a vote in any list. */
export const voteRowId = (vote: Vote) => `${vote.proposal_id}/${vote.voter}`;
