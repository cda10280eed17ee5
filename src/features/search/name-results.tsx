import { useQuery, useQueryClient } from '@tanstack/react-query';

import { isArchiveAbsent } from '../../api/archive.ts';
import { LoadingBlock } from '../../components/states/query-states.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';
import { metadataName } from '../../lib/text/metadata.ts';
import { matchesWords } from '../../lib/text/search-query.ts';
import { searchQueries } from './queries.ts';
import { Note, ResultLink } from './result-parts.tsx';
import classes from './search-results.module.css';

interface Named {
  key: string;
  to: string;
  kind: 'Group' | 'Policy';
  name: string;
  detail: string;
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
      found.set(`g${record.id}`, {
        key: `g${record.id}`,
        to: `/groups/${record.id}`,
        kind: 'Group',
        name,
        detail: `Group #${record.id}`,
      });
    if (name && typeof record.address === 'string' && 'decision_policy' in record)
      found.set(`p${record.address}`, {
        key: `p${record.address}`,
        to: `/policies/${record.address}`,
        kind: 'Policy',
        name,
        detail: `Policy ${shortAddress(record.address)}`,
      });
  }
  for (const value of Object.values(record)) loadedNames(value, found, depth + 1);
}

function NamedLinks({ named }: { named: Named[] }) {
  return (
    <ul className={classes.list}>
      {named.map((item) => (
        <ResultLink key={item.key} to={item.to} detail={item.detail}>
          {item.kind} <ChainLabel value={item.name} max={80} />
        </ResultLink>
      ))}
    </ul>
  );
}

/** Groups and policies by name: the archive searches every name; without one, the names loaded in this tab. */
export function NameResults({ text, words }: { text: string; words: string[] }) {
  const endpoint = useEndpoint();
  const queryClient = useQueryClient();
  const archived = useQuery(searchQueries.names(endpoint, text));
  if (archived.isPending) return <LoadingBlock rows={1} label="Searching group and policy names" />;
  if (archived.data) {
    const found: Named[] = [
      ...archived.data.groups.map((group) => ({
        key: `g${group.id}`,
        to: `/groups/${group.id}`,
        kind: 'Group' as const,
        name: group.name,
        detail: `Group #${group.id}`,
      })),
      ...archived.data.policies.map((policy) => ({
        key: `p${policy.address}`,
        to: `/policies/${policy.address}`,
        kind: 'Policy' as const,
        name: policy.name,
        detail: `Policy of group #${policy.group_id}`,
      })),
    ];
    return found.length === 0 ? <Note>No group or policy name matches “{text}”.</Note> : <NamedLinks named={found} />;
  }
  if (!isArchiveAbsent(archived.error)) return <Note>Name search failed: {String(archived.error)}</Note>;
  const loaded = new Map<string, Named>();
  for (const [, data] of queryClient.getQueriesData({ queryKey: searchQueries.all(endpoint) }))
    loadedNames(data, loaded);
  const names = [...loaded.values()].filter((named) => matchesWords(named.name, words)).slice(0, 8);
  return (
    <>
      <Note>Without an archive, only the names already loaded in this tab are searched.</Note>
      {names.length === 0 ? (
        <Note>None match. Open the groups list to load more names.</Note>
      ) : (
        <NamedLinks named={names} />
      )}
    </>
  );
}
