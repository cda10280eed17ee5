import { decisionPolicyLine, type Statement } from '../../../../verify/records/facts.ts';
import type { EventToProve } from '../../store/proofs/proof-work.ts';

// What the archive claims a record says, in the verifier's words: each proof is checked against
// its claim, so the archive's record and the chain's proven bytes are compared, not assumed equal.

export const TX_CLAIMS: Record<string, (event: EventToProve) => Statement> = {
  submitted: (event) => ({ kind: 'submit-proposal', group_policy_address: event.policy_address }),
  executed: (event) => ({ kind: 'exec', proposal_id: event.proposal_id }),
  withdrawn: (event) => ({ kind: 'withdraw', proposal_id: event.proposal_id }),
};

/** The node's JSON of a decision policy, in the verifier's words. */
export function decisionPolicyClaim(json: string): string {
  const policy = JSON.parse(json) as {
    '@type'?: string;
    threshold?: string;
    percentage?: string;
    windows?: { voting_period?: string; min_execution_period?: string };
  };
  return decisionPolicyLine(
    policy['@type'] ?? '(none)',
    policy,
    policy.windows?.voting_period ?? '',
    policy.windows?.min_execution_period ?? '',
  );
}

export function tallyText(finalTally: string): string {
  const tally = JSON.parse(finalTally) as Record<string, string>;
  return [tally.yes_count, tally.no_count, tally.abstain_count, tally.no_with_veto_count].join('/');
}
