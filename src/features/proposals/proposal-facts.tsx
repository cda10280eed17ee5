import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';

import type { GroupInfo, GroupPolicyInfo, Proposal } from '../../api/schemas.ts';
import { Field } from '../../components/page/field.tsx';
import { MetadataText } from '../../components/text/metadata-text.tsx';
import { OnChainText } from '../../components/text/on-chain-text.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { decisionMoment, type DecisionMoment, type TimelineStep } from '../../domain/decision-moment.ts';
import { isUndecided, PHASES, type ProposalPhase } from '../../domain/proposal-phase.ts';
import { useNow } from '../../hooks/time/use-now.ts';
import { useProposalPhase } from '../../hooks/use-proposal-phase.ts';
import { grouped } from '../../lib/format-number.ts';
import type { NameRenderers } from './message-card.tsx';

interface Props {
  proposal: Proposal;
  policy?: GroupPolicyInfo;
  group?: GroupInfo;
  /** The policy could not be read: its group is unknown rather than on its way. */
  policyFailed: boolean;
  /** How the policy and its group are named, linked (the page supplies them, as for the messages). */
  names: NameRenderers;
  /** The archive's timeline of the proposal (empty without an archive): when the chain decided it. */
  timeline: readonly TimelineStep[];
}

const VOTING_END_LABEL: Record<ProposalPhase, string> = {
  voting: 'Voting ends',
  'awaiting final tally': 'Voting ended',
  final: 'Voting ended',
  // Withdrawn and aborted proposals stop counting at once; the end only says how long their votes stay stored.
  'no tally': 'Voting period would end',
};

/** Beside an early decision: when voting would have ended, had the chain not decided before. */
function WouldHaveEnded({ votingEnd }: { votingEnd: string }) {
  return (
    <Text fz="xs" c="dimmed">
      Voting period would have ended <TimeText value={votingEnd} />
    </Text>
  );
}

/** When the chain decided it, and how that is known. */
function DecisionText({ moment, votingEnd }: { moment: DecisionMoment; votingEnd: string }) {
  switch (moment.basis) {
    case 'at voting end':
      return (
        <Text fz="sm">
          <TimeText value={moment.time} /> (height {grouped(moment.height)}), when its voting period ended
        </Text>
      );
    case 'early':
      return (
        <>
          <Text fz="sm">
            <TimeText value={moment.time} /> (height {grouped(moment.height)}), before its voting period’s end
          </Text>
          <WouldHaveEnded votingEnd={votingEnd} />
        </>
      );
    case 'before voting end':
      return (
        <>
          <Text fz="sm">before its voting period’s end, once the outcome could no longer change</Text>
          <WouldHaveEnded votingEnd={votingEnd} />
        </>
      );
    case 'by voting end':
      return (
        <>
          <Text fz="sm">
            by the end of its voting period, <TimeText value={moment.time} />
          </Text>
          <Text fz="xs" c="dimmed" data-testid="decision-first-seen">
            No record here names the block that decided it
            {moment.firstSeen ? (
              <>
                {' '}
                (the archive first saw it decided at height {grouped(moment.firstSeen.height)},{' '}
                <TimeText value={moment.firstSeen.time} compact />)
              </>
            ) : null}
            .
          </Text>
        </>
      );
  }
}

/** The proposal's summary and facts: who proposed it, where, when, and what changed since. */
export function ProposalFacts({ proposal, policy, group, policyFailed, names, timeline }: Props) {
  const phase = useProposalPhase(proposal);
  // The clock only tells whether voting could have ended yet; a second's tick keeps it true at the end.
  const moment = decisionMoment(proposal, timeline, useNow(1000));
  const policyChanged = policy && policy.version !== proposal.group_policy_version;
  const groupChanged = group && group.version !== proposal.group_version;
  return (
    <Card>
      <Stack gap="md">
        {proposal.summary && (
          <Field label="Summary · the proposer’s own words">
            <Text
              fz="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}
              data-testid="proposal-summary"
            >
              <OnChainText value={proposal.summary} max={1500} />
            </Text>
          </Field>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <Field label="Policy">{names.policy(proposal.group_policy_address)}</Field>
          <Field label="Group">
            {policy ? (
              names.group(policy.group_id)
            ) : (
              <Text fz="sm" c="dimmed">
                {policyFailed ? 'unknown (its policy could not be read)' : '…'}
              </Text>
            )}
          </Field>
          <Field label="Proposers">
            <Stack gap={2}>
              {proposal.proposers.map((proposer) => (
                <AddressText key={proposer} address={proposer} to={`/voters/${proposer}`} />
              ))}
            </Stack>
          </Field>
          <Field label="Submitted">
            <TimeText value={proposal.submit_time} />
          </Field>
          {moment ? (
            <div data-testid="proposal-decided">
              <Field label="Decided">
                <DecisionText moment={moment} votingEnd={proposal.voting_period_end} />
              </Field>
            </div>
          ) : (
            <Field label={VOTING_END_LABEL[phase]}>
              <TimeText value={proposal.voting_period_end} withRelative={PHASES[phase].undecided} />
            </Field>
          )}
          <Field label="Versions at submission">
            <Text fz="sm">
              group {proposal.group_version}
              {groupChanged ? ` (now ${group.version})` : ''} · policy {proposal.group_policy_version}
              {policyChanged ? ` (now ${policy.version})` : ''}
            </Text>
          </Field>
        </SimpleGrid>
        {policyChanged && (
          <Alert
            color="orange"
            variant="light"
            title="The policy changed after submission"
            data-testid="policy-changed"
          >
            {proposal.status === 'PROPOSAL_STATUS_ABORTED'
              ? `Its policy was updated (version ${proposal.group_policy_version} → ${policy.version}) ` +
                'while it was open, which aborted it.'
              : `Its policy is now at version ${policy.version}.`}
          </Alert>
        )}
        {groupChanged && isUndecided(proposal.status) && (
          <Text fz="sm" c="dimmed" data-testid="group-changed">
            The group has changed since submission (version {proposal.group_version} → {group.version}). Group changes
            do not abort a proposal: the tally counts the members and weights of now, and further changes can still move
            it until the chain decides.
          </Text>
        )}
        <Field label="Metadata">
          <MetadataText
            value={proposal.metadata}
            // The header names it (by its title, else by its metadata's): only a summary may be left.
            elsewhere={proposal.summary ? 'title and summary' : 'name'}
          />
        </Field>
      </Stack>
    </Card>
  );
}
