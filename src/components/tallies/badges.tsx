import { Badge } from '@mantine/core';

import type { ProposalStatus } from '../../api/schemas.ts';

// Every status and option carries a word and a symbol, so colour is never the only signal.

const STATUS: Record<ProposalStatus, [label: string, symbol: string, color: string]> = {
  PROPOSAL_STATUS_UNSPECIFIED: ['Unspecified', '?', 'gray'],
  PROPOSAL_STATUS_SUBMITTED: ['Voting', '●', 'blue'],
  PROPOSAL_STATUS_ACCEPTED: ['Accepted', '✓', 'teal'],
  PROPOSAL_STATUS_REJECTED: ['Rejected', '✗', 'red'],
  PROPOSAL_STATUS_ABORTED: ['Aborted', '⊘', 'orange'],
  PROPOSAL_STATUS_WITHDRAWN: ['Withdrawn', '↩', 'gray'],
};

export const statusLabel = (status: ProposalStatus) => STATUS[status][0];

export function StatusBadge({ status }: { status: ProposalStatus }) {
  const [label, symbol, color] = STATUS[status];
  return (
    <Badge color={color} leftSection={<span aria-hidden>{symbol}</span>}>
      {label}
    </Badge>
  );
}
