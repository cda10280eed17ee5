import { Alert, Progress, Table, Text, Tooltip } from '@mantine/core';

import type { GroupInfo, GroupPolicyInfo, TallyResult } from '../../api/schemas.ts';
import { evaluatePolicy, readPolicy, type Evaluation } from '../../domain/decision-policies.ts';
import { TALLY_FIELDS, TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { dec, percentOf, type Dec } from '../../lib/decimal.ts';
import { grouped } from '../../lib/format-number.ts';
import classes from './tally-panel.module.css';

const OUTCOME_COLOR = { passing: 'teal', failing: 'red', open: 'blue' } satisfies Record<Evaluation['outcome'], string>;
const SETTLED: Record<Exclude<Evaluation['outcome'], 'open'>, string> = {
  passing:
    'Yes has reached it: the proposal passes once anyone executes it or voting ends. The outcome can no longer change.',
  failing:
    'Even if every member who has not voted votes yes, it cannot reach the line: the outcome can no longer change.',
};

/** The counts as a bar with the pass line, a table, and (while undecided) what the outcome is so far. */
export function TallyBody({
  tally,
  policy,
  group,
  undecided,
}: {
  tally: TallyResult;
  policy?: GroupPolicyInfo;
  group?: GroupInfo;
  undecided: boolean;
}) {
  const total = group?.total_weight;
  const evaluation =
    policy && total !== undefined ? evaluatePolicy(readPolicy(policy.decision_policy), tally, total) : null;
  const counted = TALLY_FIELDS.reduce((sum, field) => sum.plus(tally[field]), dec(0));
  // Shares are of the total weight, or of what was counted when members left since voting.
  const base = total !== undefined && dec(total).gt(counted) ? dec(total) : counted;
  const share = (value: string) => (base.isZero() ? 0 : Number(percentOf(value, base, 4)));
  const shareOfTotal = (value: string | Dec, unknown: string) =>
    total !== undefined ? `${percentOf(value, total) ?? '—'}%` : unknown;
  const linePercent = evaluation && !base.isZero() ? Number(percentOf(evaluation.line, base, 4)) : null;
  return (
    <>
      <div className={classes.barWrap}>
        <Progress.Root size={22} aria-label="Share of total weight by vote option">
          {TALLY_ORDER.map((option) => {
            const { label, color, tallyField } = VOTE_OPTIONS[option];
            return (
              <Tooltip key={tallyField} label={`${label}: ${grouped(tally[tallyField])}`}>
                <Progress.Section value={share(tally[tallyField])} color={color} />
              </Tooltip>
            );
          })}
        </Progress.Root>
        {linePercent !== null && (
          <div
            className={classes.line}
            style={{ left: `${Math.min(100, linePercent)}%` }}
            aria-hidden
            data-testid="threshold-line"
          />
        )}
      </div>
      <div style={{ overflowX: 'auto' }}>
        <Table withRowBorders={false} verticalSpacing={4} fz="sm" miw={360}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Option</Table.Th>
              <Table.Th>Weight</Table.Th>
              <Table.Th>Share of total weight</Table.Th>
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
                  <Table.Td ff="monospace" data-testid={`tally-${tallyField}`}>
                    {grouped(tally[tallyField])}
                  </Table.Td>
                  <Table.Td>{shareOfTotal(tally[tallyField], '—')}</Table.Td>
                </Table.Tr>
              );
            })}
            {evaluation && (
              <Table.Tr>
                <Table.Td c="dimmed">Not voted</Table.Td>
                <Table.Td ff="monospace" c="dimmed">
                  {grouped(evaluation.undecided.toFixed())}
                </Table.Td>
                <Table.Td c="dimmed">{shareOfTotal(evaluation.undecided, '')}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
      {evaluation && undecided && (
        <Alert color={OUTCOME_COLOR[evaluation.outcome]} variant="light" data-testid="tally-outcome">
          <Text fz="sm">
            Pass line: {grouped(evaluation.line.toFixed())} yes weight
            {total !== undefined ? ` (${percentOf(evaluation.line, total) ?? '—'}% of ${grouped(total)})` : ''}.{' '}
            {evaluation.outcome === 'open'
              ? `Yes needs ${grouped(evaluation.needed.toFixed())} more weight to pass.`
              : SETTLED[evaluation.outcome]}
          </Text>
        </Alert>
      )}
      {undecided && (
        <Text fz="xs" c="dimmed">
          Counted with each voter's current weight; votes of addresses that have left the group do not count.
        </Text>
      )}
    </>
  );
}
