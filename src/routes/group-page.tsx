import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PAGE_REFRESH_MS, pollWhileHealthy } from '../api/polling.ts';
import { AppLink } from '../components/app-link.tsx';
import { InvalidInput } from '../components/invalid-input.tsx';
import { metadataName } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../components/query-states.tsx';
import { GroupHistory } from '../features/archive/group-history.tsx';
import { GroupInfoCard } from '../features/groups/group-info-card.tsx';
import { GroupProposals } from '../features/groups/group-proposals.tsx';
import { MemberList } from '../features/groups/member-list.tsx';
import { groupQueries } from '../features/groups/queries.ts';
import { PolicyList } from '../features/policies/policy-list.tsx';
import { policyQueries } from '../features/policies/queries.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { parseId } from '../lib/ids.ts';

const SECTIONS = [
  { id: 'policies', title: 'Policies' },
  { id: 'proposals', title: 'Latest proposals' },
  { id: 'members', title: 'Members' },
  { id: 'history', title: 'Membership history' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)!.title;
  return (
    <Stack gap="xs" component="section" id={id} aria-labelledby={`${id}-title`} style={{ scrollMarginTop: 64 }}>
      <Title order={2} fz="lg" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A group: its summary, then its policies and latest proposals, and its members last. A group can
 * have thousands of members, so the short sections come first and each has an anchor.
 */
export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().groupId ?? '';
  const id = parseId(raw);
  const info = useQuery({ ...groupQueries.detail(endpoint, id), refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS) });
  const policies = useInfiniteQuery(policyQueries.byGroup(endpoint, id));
  if (id === null)
    return (
      <InvalidInput
        title="Not a group id"
        reason={`"${raw}" is not a group id. Group ids are whole numbers, like 1 or 42.`}
      />
    );
  return (
    <Stack gap="lg">
      <PageTitle
        kicker={`Group #${id}`}
        title={info.data ? metadataName(info.data.metadata, `Group ${id}`) : `Group ${id}`}
        docTitle={`Group ${id}`}
      />
      {info.isPending && <LoadingBlock label="Loading group" />}
      {info.isError && !info.data && (
        <ErrorState
          error={info.error}
          onRetry={() => void info.refetch()}
          what={`Group ${id}`}
          notFound="No group has this id on this chain. Groups are never deleted, so the id may be from another chain."
        />
      )}
      {info.isError && info.data && <StaleNote error={info.error} onRetry={() => void info.refetch()} />}
      {info.data && <GroupInfoCard group={info.data} />}
      {(info.data || info.isPending) && (
        <>
          <Group gap="xs" component="nav" aria-label="On this page">
            <Text span fz="sm" c="dimmed">
              On this page:
            </Text>
            {SECTIONS.map((section) => (
              <Anchor key={section.id} href={`#${section.id}`} fz="sm">
                {section.title}
              </Anchor>
            ))}
          </Group>
          <Section id="policies">
            <PolicyList
              label="Group policies"
              query={policies}
              empty="This group has no policies, so it cannot hold proposals."
            />
          </Section>
          <Section id="proposals">
            <GroupProposals endpoint={endpoint} groupId={id} />
            <AppLink to={`/proposals?group=${id}`} fz="sm">
              All proposals of this group →
            </AppLink>
          </Section>
          <Section id="members">
            <MemberList endpoint={endpoint} groupId={id} totalWeight={info.data?.total_weight} />
          </Section>
          <Section id="history">
            <GroupHistory endpoint={endpoint} groupId={id} />
          </Section>
        </>
      )}
    </Stack>
  );
}
