import { Badge } from '@mantine/core';

import type { ProposalStatus, VoteOption } from '../api/schemas.ts';

// Every status and option carries a word and a symbol, so colour is never the only signal.

const STATUS: Record<ProposalStatus, [string, string, string]> = {
  PROPOSAL_STATUS_UNSPECIFIED: ['Unspecified', '?', 'gray'],
  PROPOSAL_STATUS_SUBMITTED: ['Voting', '●', 'blue'],
  PROPOSAL_STATUS_ACCEPTED: ['Accepted', '✓', 'teal'],
  PROPOSAL_STATUS_REJECTED: ['Rejected', '✗', 'red'],
  PROPOSAL_STATUS_ABORTED: ['Aborted', '⊘', 'orange'],
  PROPOSAL_STATUS_WITHDRAWN: ['Withdrawn', '↩', 'gray'],
};

export function StatusBadge({ status }: { status: ProposalStatus }) {
  const [label, icon, color] = STATUS[status];
  return (
    <Badge color={color} leftSection={<span aria-hidden>{icon}</span>}>
      {label}
    </Badge>
  );
}

export const OPTION_LABEL: Record<VoteOption, string> = {
  VOTE_OPTION_UNSPECIFIED: 'Unspecified',
  VOTE_OPTION_YES: 'Yes',
  VOTE_OPTION_ABSTAIN: 'Abstain',
  VOTE_OPTION_NO: 'No',
  VOTE_OPTION_NO_WITH_VETO: 'No with veto',
};
const OPTION_STYLE: Record<VoteOption, [string, string]> = {
  VOTE_OPTION_UNSPECIFIED: ['?', 'gray'],
  VOTE_OPTION_YES: ['✓', 'teal'],
  VOTE_OPTION_ABSTAIN: ['○', 'gray'],
  VOTE_OPTION_NO: ['✗', 'red'],
  VOTE_OPTION_NO_WITH_VETO: ['⊗', 'grape'],
};

export function OptionBadge({ option }: { option: VoteOption }) {
  const [icon, color] = OPTION_STYLE[option];
  return (
    <Badge color={color} variant="outline" leftSection={<span aria-hidden>{icon}</span>}>
      {OPTION_LABEL[option]}
    </Badge>
  );
}

const EXEC: Record<string, [string, string]> = {
  PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED: ['Unspecified', 'gray'],
  PROPOSAL_EXECUTOR_RESULT_NOT_RUN: ['Not executed', 'gray'],
  PROPOSAL_EXECUTOR_RESULT_SUCCESS: ['Executed', 'teal'],
  PROPOSAL_EXECUTOR_RESULT_FAILURE: ['Execution failed', 'red'],
};

export function ExecBadge({ result }: { result: string }) {
  const [label, color] = EXEC[result] ?? [result, 'gray'];
  return (
    <Badge color={color} variant="dot">
      {label}
    </Badge>
  );
}
