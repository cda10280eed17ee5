import type { Proven } from './later-votes.ts';

// Rule C7 (docs/bundle-format.md): which group a proposal belongs to, named by proofs alone — its
// record names its policy, the policy's record names its group, both in the same state as the
// proposal's vote walk. Without it, any group's member walk at that height could be paired with
// the votes, and another group's members would read as this proposal's non-voters.

/** A record proven present in the state after `height`, of `kind`, whose `field` is `value`. */
const storedAt = (proven: readonly Proven[], height: string, kind: string, field: string, value: string) =>
  proven.find(
    (fact) =>
      fact.height === height &&
      fact.statement.kind === kind &&
      fact.statement.stored === 'yes' &&
      fact.statement[field] === value,
  )?.statement;

/** The proposal's group in the state after `height`, or null when the bundle does not prove it. */
export function groupOfProposal(proven: readonly Proven[], proposalId: string, height: string): string | null {
  const policyAddress = storedAt(proven, height, 'proposal', 'proposal_id', proposalId)?.group_policy_address;
  if (!policyAddress) return null;
  return storedAt(proven, height, 'policy', 'address', policyAddress)?.group_id ?? null;
}

/** The walk of exactly that group's members in the same state, or null. */
export function ownGroupMembers(proven: readonly Proven[], proposalId: string, height: string): Proven | null {
  const group = groupOfProposal(proven, proposalId, height);
  if (group === null) return null;
  return (
    proven.find(
      (fact) => fact.statement.kind === 'member-set' && fact.height === height && fact.statement.group_id === group,
    ) ?? null
  );
}

/** Why a proposal's non-voters cannot be said, in the report's words. */
export function unboundWords(proven: readonly Proven[], proposalId: string, height: string): string {
  const group = groupOfProposal(proven, proposalId, height);
  return group === null
    ? `not shown complete: this bundle does not prove which group proposal #${proposalId} belongs to in the state after block ${height} (its record and its policy's, rule C7), so no member set is its group's`
    : `not shown complete: this bundle proves no walk of group ${group}'s members in the state after block ${height}, the state of proposal #${proposalId}'s votes`;
}
