import { Badge } from '@mantine/core';

import type { ExecutorResult, ProposalStatus, VoteOption } from '../../api/schemas.ts';
import { VOTE_OPTIONS } from '../../domain/vote-options.ts';

// A vote's option and a proposal's execution, apart from the status badge (on every first page):
// only proposal, vote and voter pages show them. Each carries a word and a symbol, so colour is
// never the only signal.

export function OptionBadge({ option }: { option: VoteOption }) {
  const { label, symbol, color } = VOTE_OPTIONS[option];
  return (
    <Badge color={color} variant="outline" leftSection={<span aria-hidden>{symbol}</span>}>
      {label}
    </Badge>
  );
}

const EXECUTOR_RESULT: Record<ExecutorResult, [label: string, symbol: string, color: string] | null> = {
  PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED: null,
  PROPOSAL_EXECUTOR_RESULT_NOT_RUN: ['Not executed yet', '○', 'gray'],
  PROPOSAL_EXECUTOR_RESULT_SUCCESS: ['Executed', '✓', 'teal'],
  PROPOSAL_EXECUTOR_RESULT_FAILURE: ['Execution failed', '✗', 'red'],
};

/**
 * Whether an accepted proposal's messages ran. Only an accepted proposal can run them, so for
 * any other "not run" says nothing and is left out (the result is shown when it did run or fail).
 */
export function ExecBadge({ result, status }: { result: ExecutorResult; status: ProposalStatus }) {
  const shown = EXECUTOR_RESULT[result];
  if (!shown || (result === 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN' && status !== 'PROPOSAL_STATUS_ACCEPTED')) return null;
  const [label, symbol, color] = shown;
  return (
    <Badge color={color} variant="light" leftSection={<span aria-hidden>{symbol}</span>}>
      {label}
    </Badge>
  );
}
