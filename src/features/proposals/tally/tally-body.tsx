import { Table, Text } from '@mantine/core';

import type { DecisionPolicy, GroupInfo, GroupPolicyInfo, Proposal, TallyResult } from '../../../api/schemas.ts';
import { TallyBar } from '../../../components/tallies/tally-bar.tsx';
import { DecimalText } from '../../../components/values/decimal-text.tsx';
import { ShareOf } from '../../../components/values/share-of.tsx';
import { evaluatePolicy, readPolicy } from '../../../domain/decision-policies.ts';
import { PHASES, type ProposalPhase } from '../../../domain/proposal-phase.ts';
import { countedWeight, shareBase } from '../../../domain/tally-share.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../../domain/vote-options.ts';
import { FinalVerdict, LiveOutcome } from './tally-outcome.tsx';

export interface TalliedWith {
  total_weight: string;
  decision_policy: DecisionPolicy;
}

/** The counts as a bar with the pass line, a table, and what they mean (while undecided, or once final). */
export function TallyBody({
  tally,
  proposal,
  phase,
  policy,
  group,
  talliedWith = null,
  talliedWithComing = false,
}: {
  tally: TallyResult;
  proposal: Proposal;
  phase: ProposalPhase;
  policy?: GroupPolicyInfo;
  group?: GroupInfo;
  talliedWith?: TalliedWith | null;
  talliedWithComing?: boolean;
}) {
  const { undecided } = PHASES[phase];
  // A final tally is drawn against the group and rule it was tallied with, which only an archive
  // that saw the tally knows: today's group may have changed since.
  const final = phase === 'final';
  const total = undecided ? group?.total_weight : final ? talliedWith?.total_weight : undefined;
  const rule = undecided ? policy?.decision_policy : final ? talliedWith?.decision_policy : undefined;
  const evaluation = rule !== undefined && total !== undefined ? evaluatePolicy(readPolicy(rule), tally, total) : null;
  const counted = countedWeight(tally);
  const base = shareBase(tally, total);
  // Just after the tally, the archive has not recorded what it was tallied with yet: a table of
  // shares of the counted weight alone would stand for a second, then change. Said instead.
  if (final && total === undefined && talliedWithComing)
    return (
      <Text fz="sm" c="dimmed" role="status" data-testid="tally-weights-coming">
        Voting has ended and the chain has tallied it: reading from the archive the group’s total weight and the
        policy’s rule it was tallied with…
      </Text>
    );
  return (
    <>
      <TallyBar tally={tally} base={base} line={evaluation?.line ?? null} />
      <Table withRowBorders={false} verticalSpacing={4} layout="fixed" maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Option</Table.Th>
            <Table.Th ta="right">Weight</Table.Th>
            <Table.Th ta="right">{total !== undefined ? 'Share' : 'Of counted'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TALLY_ORDER.map((option) => {
            const { label, symbol, tallyField } = VOTE_OPTIONS[option];
            return (
              <Table.Tr key={tallyField}>
                <Table.Td>
                  <span aria-hidden>{symbol} </span>
                  {label}
                </Table.Td>
                <Table.Td ta="right" data-testid={`tally-${tallyField}`}>
                  <DecimalText value={tally[tallyField]} />
                </Table.Td>
                <Table.Td ta="right">
                  <ShareOf
                    part={tally[tallyField]}
                    whole={total ?? (counted.isZero() ? undefined : counted.toFixed())}
                    testId={`share-${tallyField}`}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {evaluation && (
            <Table.Tr>
              <Table.Td c="dimmed">Not voted</Table.Td>
              <Table.Td ta="right" c="dimmed">
                <DecimalText value={evaluation.undecided.toFixed()} />
              </Table.Td>
              <Table.Td ta="right" c="dimmed">
                <ShareOf part={evaluation.undecided.toFixed()} whole={total} />
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {total !== undefined && undecided && (
        <Text fz="xs" c="dimmed">
          Shares are of the group’s current total weight, <DecimalText value={total} />. Each vote counts with the
          voter’s current weight; votes of addresses that have left the group do not count.
        </Text>
      )}
      {total !== undefined && final && (
        <Text fz="xs" c="dimmed">
          Shares are of the group’s total weight when the chain tallied it, <DecimalText value={total} /> (as the
          archive saw it then).
        </Text>
      )}
      {final && total === undefined && (
        <Text fz="xs" c="dimmed" data-testid="tally-line-unknown">
          Shares are of the weight that voted. The group’s total weight and the policy’s rule when the chain tallied it
          are not known here (the node keeps only today’s; an archive that followed the vote records them), so no pass
          line is drawn.
        </Text>
      )}
      {evaluation && total !== undefined && undecided && (
        <LiveOutcome evaluation={evaluation} total={total} votingEnded={!PHASES[phase].live} />
      )}
      {final && <FinalVerdict proposal={proposal} policy={policy} evaluation={evaluation} total={total} />}
    </>
  );
}
