import { Text } from '@mantine/core';

import type { ArchiveUpgrades } from '../../api/archive-upgrades.ts';
import { AppLink } from '../../components/app-link.tsx';
import { IdText } from '../../components/id-text.tsx';

type Source = ArchiveUpgrades['applied'][number]['scheduled_by'];

/**
 * What scheduled (or cancelled) a plan, linked where Polity has a page for it. It sits inside
 * sentences and cells, so it takes their font rather than setting its own.
 */
export function PlanSource({ source }: { source: Source }) {
  if (!source)
    return (
      <Text span inherit c="dimmed">
        before the archive
      </Text>
    );
  if (source.kind === 'group')
    return (
      <AppLink to={`/proposals/${source.id}`} inherit>
        group proposal <IdText id={source.id} />
      </AppLink>
    );
  if (source.kind === 'gov')
    return (
      <span>
        x/gov proposal <IdText id={source.id} />
      </span>
    );
  return (
    <span title={source.id}>
      transaction <code>{source.id.slice(0, 10)}…</code>
    </span>
  );
}
