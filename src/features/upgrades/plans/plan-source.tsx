import { Text } from '@mantine/core';

import type { ArchiveUpgrades } from '../../../api/archive-upgrades.ts';
import { AppLink } from '../../../components/page/app-link.tsx';
import { IdText } from '../../../components/values/id-text.tsx';
import { GovProposalTitle } from './gov-proposal.tsx';

type Source = ArchiveUpgrades['applied'][number]['scheduled_by'];

/**
 * What scheduled (or cancelled) a plan, linked where Polity has a page for it. It sits inside
 * sentences and cells, so it takes their font rather than setting its own. With `titleFrom`, an
 * x/gov proposal is named by its title too, read from that endpoint (one request per proposal:
 * for a single plan, not for every row of a history).
 */
export function PlanSource({ source, titleFrom }: { source: Source; titleFrom?: string }) {
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
        {titleFrom !== undefined && <GovProposalTitle endpoint={titleFrom} id={source.id} />}
      </span>
    );
  return (
    <span title={source.id}>
      transaction <code>{source.id.slice(0, 10)}…</code>
    </span>
  );
}
