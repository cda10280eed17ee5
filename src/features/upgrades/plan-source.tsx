import { Text } from '@mantine/core';

import type { ArchiveUpgrades } from '../../api/archive-upgrades.ts';
import { AppLink } from '../../components/app-link.tsx';
import { IdText } from '../../components/id-text.tsx';

type Source = ArchiveUpgrades['applied'][number]['scheduled_by'];

/** What scheduled (or cancelled) a plan, linked where Polity has a page for it. */
export function PlanSource({ source }: { source: Source }) {
  if (!source)
    return (
      <Text span c="dimmed">
        before the archive
      </Text>
    );
  if (source.kind === 'group') return <AppLink to={`/proposals/${source.id}`}>group proposal #{source.id}</AppLink>;
  if (source.kind === 'gov')
    return (
      <Text span>
        x/gov proposal <IdText id={source.id} />
      </Text>
    );
  return (
    <Text span title={source.id}>
      transaction <code>{source.id.slice(0, 10)}…</code>
    </Text>
  );
}
