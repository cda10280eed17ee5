import { Anchor, Text } from '@mantine/core';

import type { ArchiveUpgrades } from '../../../api/archive-upgrades.ts';
import { apiUrl } from '../../../api/client.ts';
import { AppLink } from '../../../components/page/app-link.tsx';
import { IdText } from '../../../components/values/id-text.tsx';
import { useEndpoint } from '../../../hooks/use-endpoint.ts';
import { GovProposalTitle } from './gov-proposal.tsx';

type Source = ArchiveUpgrades['applied'][number]['scheduled_by'];

/**
 * What scheduled (or cancelled) a plan, linked where Polity has a page for it. It sits inside
 * sentences and cells, so it takes their font rather than setting its own. With `titleFrom`, an
 * x/gov proposal is named by its title too, read from that endpoint (one request per proposal:
 * for a single plan, not for every row of a history).
 */
export function PlanSource({ source, titleFrom }: { source: Source; titleFrom?: string }) {
  const endpoint = useEndpoint();
  if (!source)
    return (
      <Text span inherit c="dimmed">
        not known: scheduled before the archive’s first block
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
        {/* Polity has no page of its own for x/gov proposals: the link is the node's record of it. */}
        <Anchor
          inherit
          underline="always"
          href={apiUrl(endpoint, `/cosmos/gov/v1/proposals/${encodeURIComponent(source.id)}`)}
          target="_blank"
          rel="noopener noreferrer"
          title="The node’s record of this x/gov proposal (JSON)"
        >
          x/gov proposal <IdText id={source.id} />
        </Anchor>
        {titleFrom !== undefined && <GovProposalTitle endpoint={titleFrom} id={source.id} />}
      </span>
    );
  return (
    <span title={source.id}>
      transaction <code>{source.id.slice(0, 10)}…</code>
    </span>
  );
}
