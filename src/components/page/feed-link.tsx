import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { useAlternateFeed } from '../../hooks/use-alternate-feed.ts';

/**
 * "Atom feed": a visible link to one of the archive's feeds, announced in the document's head
 * too while the page is shown. Only an archive serves feeds: the link waits for the archive's
 * status to answer, and a plain node (whose status fails) never shows it.
 */
export function FeedLink({ endpoint, href, title }: { endpoint: string; href: string; title: string }) {
  const present = useQuery(archiveStatusQuery(endpoint)).data !== undefined;
  useAlternateFeed(present ? href : null, title);
  if (!present) return null;
  return (
    <Anchor href={href} fz="sm" type="application/atom+xml" title={title} data-testid="feed-link">
      Atom feed
    </Anchor>
  );
}
