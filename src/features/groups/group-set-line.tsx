import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { rangeSetWords, storedProposalsWords, type SetNoun } from '../../domain/set-completeness-words.ts';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { groupQueries } from './queries.ts';

const NOUNS: Record<'members' | 'policies', SetNoun> = {
  members: { one: 'member', many: 'members', where: 'in this group', each: 'Each membership', current: true },
  policies: { one: 'policy', many: 'policies', where: 'of this group', each: 'Each policy', current: true },
};

/**
 * Above a group's members, policies or proposals: whether the archive proves the list complete,
 * at which state and how. Nothing where the server keeps no archive, or the archive has made no walk.
 */
export function GroupSetLine({
  endpoint,
  groupId,
  set,
}: {
  endpoint: string;
  groupId: string;
  set: keyof typeof NOUNS | 'proposals';
}) {
  // Only an archive's status says there is one to ask: a plain node is asked nothing more.
  const archive = useQuery(archiveStatusQuery(endpoint));
  const sets = useQuery({ ...groupQueries.archivedSets(endpoint, groupId), enabled: archive.isSuccess });
  const found = set === 'proposals' ? undefined : sets.data?.[set];
  const words =
    set === 'proposals' ? storedProposalsWords(sets.data?.proposals ?? []) : rangeSetWords(found, NOUNS[set]);
  if (!words) return null;
  const proven = words.startsWith('Proven complete');
  return (
    <Text fz="sm" c={proven ? undefined : 'dimmed'} data-testid={`group-${set}-completeness`}>
      {words}
    </Text>
  );
}
