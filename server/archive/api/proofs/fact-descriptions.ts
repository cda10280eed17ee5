import type { FactProof } from '../../store/proofs/fact-proofs.ts';

// What a fact the archive holds without proof is, in words: a bundle's "unproven" names each so.

export function describe(fact: FactProof): string {
  const [first, second] = fact.subjectKey.split('/');
  if (fact.subject === 'vote') return `the vote of ${second} on proposal #${first}`;
  if (fact.subject === 'proposal') return `proposal #${first}'s record`;
  if (fact.subject === 'upgrade') return `the upgrade ${JSON.stringify(fact.subjectKey)} applied`;
  if (fact.subject === 'member') return `the membership of ${second} in group ${first}`;
  if (fact.subject === 'policy') return `the group policy ${first}`;
  if (fact.subject === 'vote-range') return `proposal #${first}'s complete vote set`;
  if (fact.subject === 'member-range') return `the complete member set of proposal #${first}'s group`;
  if (fact.subject === 'range-proposal') return `proposal #${first}'s record in the state of its vote set`;
  if (fact.subject === 'range-policy') return `the policy of proposal #${first}, naming its group`;
  if (fact.subject === 'group-member-range') return `the complete member set of group ${first}`;
  if (fact.subject === 'group-policy-range') return `the complete policy set of group ${first}`;
  if (fact.subject === 'policy-proposal-range') return `the stored proposals of policy ${first}`;
  if (fact.subject === 'proposal-sequence') return `the proposal sequence, beside group ${first}'s sets`;
  if (fact.subject === 'balance-range') return `every balance of the group policy ${first}`;
  return `proposal #${first}'s event at height ${second}`;
}
