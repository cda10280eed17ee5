import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import type { GroupInfo, GroupPolicyInfo, Proposal, TallyResult } from '../../../api/schemas.ts';
import { AddressText } from '../../../components/values/address-text.tsx';
import { DecimalText } from '../../../components/values/decimal-text.tsx';
import { readPolicy } from '../../../domain/decision-policies.ts';
import { pivotalVoters, pivotalWords } from '../../../domain/pivotal-voters.ts';
import { TALLY_FIELDS } from '../../../domain/vote-options.ts';
import { shortAddress } from '../../../lib/chain/short-address.ts';
import { grouped } from '../../../lib/format-number.ts';
import { proposalQueries } from '../queries.ts';

/** How many of those still to vote the list under the sentences names (a group may have thousands). */
const SHOWN_REMAINING = 500;

/**
 * Under an open proposal's live tally: who has not voted, who could pass it or sink it alone, and
 * the fewest whose yes would pass it — at the group's weights now, by the policy's own rule,
 * recomputed as the tally moves. Nothing until the members and the votes are read.
 */
export function PivotalVoters({
  endpoint,
  proposal,
  policy,
  group,
  tally,
  weights,
}: {
  endpoint: string;
  proposal: Proposal;
  policy: GroupPolicyInfo;
  group: GroupInfo;
  tally: TallyResult;
  weights: ReadonlyMap<string, string>;
}) {
  const tallyKey = TALLY_FIELDS.map((field) => tally[field]).join('/');
  const voters = useQuery(proposalQueries.voters(endpoint, proposal.id, tallyKey));
  if (!voters.data) return null;
  const members = [...weights].map(([address, weight]) => ({ address, weight }));
  const pivotal = pivotalVoters(readPolicy(policy.decision_policy), tally, group.total_weight, members, voters.data);
  const lines = pivotal ? pivotalWords(pivotal, shortAddress) : [];
  if (lines.length === 0) return null;
  return (
    <Stack gap={4} mt="sm" data-testid="pivotal-voters">
      <Title order={3} fz="sm">
        Who can still decide it
      </Title>
      {lines.map((line) => (
        <Text key={line} fz="sm">
          {line}
        </Text>
      ))}
      {pivotal && pivotal.remaining.length > 6 && (
        // The sentences name six at most: every member still to vote, one press away.
        <details data-testid="pivotal-remaining">
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
            All {grouped(String(pivotal.remaining.length))} who have not voted, heaviest first
          </summary>
          <Stack gap={2} component="ol" mt={4} style={{ margin: 0, paddingInlineStart: '1.4rem' }}>
            {pivotal.remaining.slice(0, SHOWN_REMAINING).map((member) => (
              <Text component="li" fz="sm" key={member.address}>
                <AddressText address={member.address} to={`/voters/${member.address}`} /> · weight{' '}
                <DecimalText value={member.weight} />
              </Text>
            ))}
          </Stack>
          {pivotal.remaining.length > SHOWN_REMAINING && (
            <Text fz="xs" c="dimmed">
              The {grouped(String(pivotal.remaining.length - SHOWN_REMAINING))} lightest are left out here; the group’s
              members list has them all.
            </Text>
          )}
        </details>
      )}
      <Text fz="xs" c="dimmed">
        At the group’s weights now, by the policy’s rule; a change to the group changes it too.
      </Text>
    </Stack>
  );
}
