import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import type { ExecutorResult, GroupPolicyInfo, Proposal } from '../../../api/schemas.ts';
import { DecimalText } from '../../../components/values/decimal-text.tsx';
import { ShareOf } from '../../../components/values/share-of.tsx';
import { briefPolicy, readPolicy, type Evaluation } from '../../../domain/decision-policies.ts';
import { dec } from '../../../lib/decimal.ts';

// What the tally means, in words that stay true. While a proposal is undecided, everything is
// said "at current membership and weights": group changes never abort a proposal and the live
// tally counts current weights, so the outcome can move until the chain decides. Once decided,
// the words say why it passed or failed.

const OUTCOME_COLOR = { passing: 'teal', failing: 'red', open: 'blue' } satisfies Record<Evaluation['outcome'], string>;

const STILL_MOVABLE =
  'Until voting ends, a change to the group’s members or weights can still move the line or the count.';

const LIVE_OUTCOME: Record<Evaluation['outcome'], (evaluation: Evaluation) => ReactNode> = {
  open: (evaluation) => (
    <>
      Yes needs <DecimalText value={evaluation.needed.toFixed()} /> more weight to pass;{' '}
      <DecimalText value={evaluation.undecided.toFixed()} /> has not voted yet.
    </>
  ),
  passing: () => (
    <>
      Yes has reached it: if nothing changes, the proposal passes when voting ends, or sooner when someone executes it.{' '}
      {STILL_MOVABLE}
    </>
  ),
  failing: (evaluation) => (
    <>
      {evaluation.undecided.isZero() ? (
        'Every member has voted and yes is short of it'
      ) : (
        <>
          Even if every member who has not voted (<DecimalText value={evaluation.undecided.toFixed()} />) votes yes, yes
          cannot reach it
        </>
      )}
      , so as things stand the proposal will be rejected. {STILL_MOVABLE}
    </>
  ),
};

/** The pass line and where yes stands, for a proposal still in voting or awaiting its final tally. */
export function LiveOutcome({
  evaluation,
  total,
  votingEnded,
}: {
  evaluation: Evaluation;
  total: string;
  votingEnded: boolean;
}) {
  return (
    <Alert color={OUTCOME_COLOR[evaluation.outcome]} variant="light" data-testid="tally-outcome">
      <Text fz="sm">
        At current membership and weights, the pass line is <DecimalText value={evaluation.line.toFixed()} /> yes weight
        {!dec(total).isZero() && (
          <>
            {' '}
            (<ShareOf part={evaluation.line.toFixed()} whole={total} /> of <DecimalText value={total} />)
          </>
        )}
        .{' '}
        {votingEnded
          ? 'Voting has ended: the chain decides at its next block, with the members and weights it has then.'
          : LIVE_OUTCOME[evaluation.outcome](evaluation)}
      </Text>
    </Alert>
  );
}

const EXECUTION: Record<ExecutorResult, string> = {
  PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED: '',
  PROPOSAL_EXECUTOR_RESULT_NOT_RUN:
    'Its messages have not run yet: anyone may execute it once its minimum execution period has passed.',
  PROPOSAL_EXECUTOR_RESULT_SUCCESS: 'Its messages ran successfully.',
  PROPOSAL_EXECUTOR_RESULT_FAILURE:
    'Its messages were run but failed, so none of them took effect; it can be executed again while it is stored.',
};

/** Why a decided proposal passed or failed: against the line it was tallied with, when known. */
export function FinalVerdict({
  proposal,
  policy,
  evaluation,
  total,
}: {
  proposal: Proposal;
  policy?: GroupPolicyInfo;
  /** The final tally against the group and rule it was tallied with (null: not known here). */
  evaluation: Evaluation | null;
  total: string | undefined;
}) {
  const yes = <DecimalText value={proposal.final_tally_result.yes_count} />;
  const accepted = proposal.status === 'PROPOSAL_STATUS_ACCEPTED';
  if (!accepted && proposal.status !== 'PROPOSAL_STATUS_REJECTED') return null;
  const rule = policy ? briefPolicy(readPolicy(policy.decision_policy)).split(' · ')[0] : null;
  const policyChanged = policy && policy.version !== proposal.group_policy_version;
  const shortBy = evaluation ? dec(evaluation.line).minus(proposal.final_tally_result.yes_count) : null;
  return (
    <Alert
      color={accepted ? 'teal' : 'red'}
      variant="light"
      data-testid="tally-verdict"
      title={accepted ? 'Accepted' : 'Rejected'}
    >
      <Stack gap={4}>
        {evaluation && total !== undefined ? (
          <Text fz="sm">
            The pass line when the chain tallied it was <DecimalText value={evaluation.line.toFixed()} /> yes weight
            {!dec(total).isZero() && (
              <>
                {' '}
                (<ShareOf part={evaluation.line.toFixed()} whole={total} /> of <DecimalText value={total} />)
              </>
            )}
            . Yes had {yes}
            {accepted ? (
              ', so the proposal passed.'
            ) : shortBy && shortBy.gt(0) ? (
              <>
                , <DecimalText value={shortBy.toFixed()} /> short of it, so the proposal was rejected.
              </>
            ) : (
              ', but the policy’s other conditions were not met, so the proposal was rejected.'
            )}{' '}
            {accepted ? EXECUTION[proposal.executor_result] : ''}
          </Text>
        ) : (
          <Text fz="sm">
            {accepted ? (
              <>
                When the chain tallied it, the yes weight ({yes}) reached its policy’s pass line
                {rule ? ` (today: ${rule})` : ''}. {EXECUTION[proposal.executor_result]}
              </>
            ) : (
              <>
                When the chain tallied it, the yes weight ({yes}) did not reach its policy’s pass line
                {rule ? ` (today: ${rule})` : ''}.
              </>
            )}
          </Text>
        )}
        {policyChanged && (
          <Text fz="xs" c="dimmed">
            The policy has changed since (version {proposal.group_policy_version} → {policy.version}).
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
