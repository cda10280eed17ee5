import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/page/app-link.tsx';
import { groupInfoQuery } from '../../hooks/shared-queries.ts';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';

/** "#33 Core contributors": a group's id with its name, linked; the name is read when shown. */
export function GroupName({ endpoint, groupId, link = true }: { endpoint: string; groupId: string; link?: boolean }) {
  const group = useQuery({ ...groupInfoQuery(endpoint, groupId), staleTime: 60_000 });
  // A document its metadata links to names it only if already read: one row, one request at most.
  const name = useMetadataName(group.data?.metadata, '', { read: 'cache' });
  const text = (
    <>
      #{groupId}
      {name ? ` ${name}` : ''}
      {group.isPending && (
        <Text span c="dimmed" fz="sm">
          {' '}
          …
        </Text>
      )}
      {group.isError && !group.data && (
        <Text span c="dimmed" fz="sm" title={group.error.message}>
          {' '}
          (name unavailable)
        </Text>
      )}
    </>
  );
  return link ? <AppLink to={`/groups/${groupId}`}>{text}</AppLink> : text;
}
