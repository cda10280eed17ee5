import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { isArchiveAbsent } from '../../api/archive.ts';
import { isApiError } from '../../api/errors.ts';
import { AppLink } from '../../components/app-link.tsx';
import { ChainLabel } from '../../components/on-chain-text.tsx';
import { LoadingBlock } from '../../components/query-states.tsx';
import { withEndpoint } from '../../lib/endpoint.ts';
import { labelText } from '../../lib/hostile-text.ts';
import { metadataName } from '../../lib/metadata.ts';
import { matchesWords } from '../../lib/search-query.ts';
import { searchQueries } from './queries.ts';

const notFound = (error: unknown) => isApiError(error) && (error.kind === 'not-found' || error.kind === 'unsupported');

/** A bare number: offers the group and the proposal with that id, only those that exist. */
export function NumberChoices({ endpoint, id }: { endpoint: string; id: string }) {
  const navigate = useNavigate();
  const [group, proposal, archived] = useQueries({
    queries: [
      searchQueries.group(endpoint, id),
      searchQueries.proposal(endpoint, id),
      searchQueries.archivedProposal(endpoint, id),
    ],
  });
  if ([group, proposal, archived].some((query) => query.isPending))
    return <LoadingBlock rows={1} label={`Looking for group ${id} and proposal ${id}`} />;
  const choices: { label: string; to: string }[] = [];
  if (group.data) choices.push({ label: `Group #${id} ${metadataName(group.data.metadata, '')}`, to: `/groups/${id}` });
  const title = proposal.data?.title ?? archived.data?.proposal.title;
  if (proposal.data || archived.data)
    choices.push({ label: `Proposal ${id}${title ? ` — ${title}` : ''}`, to: `/proposals/${id}` });
  const failed = [group, proposal].find((query) => query.isError && !notFound(query.error));
  if (choices.length === 0)
    return (
      <Text fz="sm" role="status">
        {failed ? `Could not check: ${String(failed.error)}` : `There is no group ${id} and no proposal ${id} here.`}
      </Text>
    );
  return (
    <Group gap="xs" role="status">
      <Text fz="sm">{choices.length > 1 ? 'Which one?' : 'Found:'}</Text>
      {choices.map((choice) => (
        <Button key={choice.to} size="xs" variant="light" onClick={() => navigate(withEndpoint(choice.to, endpoint))}>
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}

interface Named {
  label: string;
  to: string;
}

/** Groups and policies whose names are already in this tab's cache (read, never fetched for this). */
function loadedNames(data: unknown, found: Map<string, Named>, depth = 0) {
  if (depth > 6 || data === null || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (const item of data) loadedNames(item, found, depth + 1);
    return;
  }
  const record = data as Record<string, unknown>;
  if (typeof record.metadata === 'string') {
    const name = metadataName(record.metadata, '');
    if (name && typeof record.id === 'string' && 'total_weight' in record)
      found.set(`g${record.id}`, { label: `Group #${record.id} ${name}`, to: `/groups/${record.id}` });
    if (name && typeof record.address === 'string' && 'decision_policy' in record)
      found.set(`p${record.address}`, { label: `Policy ${name}`, to: `/policies/${record.address}` });
  }
  for (const value of Object.values(record)) loadedNames(value, found, depth + 1);
}

/** Groups and policies by name: the archive searches every name; without one, the names loaded in this tab. */
function NameResults({ endpoint, text, words }: { endpoint: string; text: string; words: string[] }) {
  const queryClient = useQueryClient();
  const archived = useQuery(searchQueries.names(endpoint, text));
  if (archived.isPending) return <LoadingBlock rows={1} label="Searching group and policy names" />;
  if (archived.data) {
    const found = [
      ...archived.data.groups.map((group) => ({
        label: `Group #${group.id} ${labelText(group.name, 80)}`,
        to: `/groups/${group.id}`,
      })),
      ...archived.data.policies.map((policy) => ({
        label: `Policy ${labelText(policy.name, 80)} (group #${policy.group_id})`,
        to: `/policies/${policy.address}`,
      })),
    ];
    return (
      <>
        <Text fz="xs" c="dimmed" mt={4}>
          Groups and policies whose name matches (archive):
        </Text>
        {found.length === 0 ? (
          <Text fz="sm">No group or policy name matches “{text}”.</Text>
        ) : (
          <NamedLinks named={found} />
        )}
      </>
    );
  }
  if (!isArchiveAbsent(archived.error)) return <Text fz="sm">Name search failed: {String(archived.error)}</Text>;
  const loaded = new Map<string, Named>();
  for (const [, data] of queryClient.getQueriesData({ queryKey: searchQueries.all(endpoint) }))
    loadedNames(data, loaded);
  const names = [...loaded.values()].filter((named) => matchesWords(named.label, words)).slice(0, 8);
  return (
    <>
      <Text fz="xs" c="dimmed" mt={4}>
        This endpoint has no archive to search names in; groups and policies among the names already loaded in this tab:
      </Text>
      {names.length === 0 ? (
        <Text fz="sm">None match. Open the groups list to load more names.</Text>
      ) : (
        <NamedLinks named={names} />
      )}
    </>
  );
}

function NamedLinks({ named }: { named: Named[] }) {
  return named.map((item) => (
    <AppLink key={item.to} to={item.to} fz="sm">
      {item.label}
    </AppLink>
  ));
}

/** Words: proposal titles from the archive's full-text search, and group and policy names. */
export function WordResults({ endpoint, text, words }: { endpoint: string; text: string; words: string[] }) {
  const archive = useQuery(searchQueries.titles(endpoint, text));
  const noArchive = archive.isError && isArchiveAbsent(archive.error);
  return (
    <Stack gap={4} role="status" aria-live="polite">
      {archive.isPending && <LoadingBlock rows={1} label="Searching proposal titles" />}
      {archive.data && (
        <>
          <Text fz="xs" c="dimmed">
            Proposals whose title or summary match (archive full-text search):
          </Text>
          {archive.data.rows.length === 0 && <Text fz="sm">No proposal matches “{text}”.</Text>}
          {archive.data.rows.map((proposal) => (
            <AppLink key={proposal.id} to={`/proposals/${proposal.id}`} fz="sm">
              #{proposal.id} <ChainLabel value={proposal.title} fallback="(untitled)" /> ·{' '}
              <ChainLabel value={proposal.group_name} fallback={`group ${proposal.group_id}`} />
            </AppLink>
          ))}
          {archive.data.pagination.next_key && (
            <AppLink to={`/proposals?q=${encodeURIComponent(text)}`} fz="sm">
              All matching proposals →
            </AppLink>
          )}
        </>
      )}
      {noArchive && (
        <Text fz="xs" c="dimmed">
          This endpoint has no archive, so proposal titles cannot be searched.
        </Text>
      )}
      {archive.isError && !noArchive && <Text fz="sm">Title search failed: {String(archive.error)}</Text>}
      <NameResults endpoint={endpoint} text={text} words={words} />
    </Stack>
  );
}
