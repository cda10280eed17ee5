import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { isApiError } from '../../api/errors.ts';
import type { GroupInfo } from '../../api/schemas.ts';
import { PageTitle } from '../../components/page/page-title.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../../components/states/query-states.tsx';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';
import { labelText } from '../../lib/text/hostile-text.ts';
import { GroupInfoCard } from './group-info-card.tsx';

/**
 * The top of a group's page: its name (with `actions` beside it), then its record or why it could not
 * be read.
 */
export function GroupSummary({
  id,
  info,
  actions,
}: {
  id: string;
  info: UseQueryResult<GroupInfo>;
  actions?: ReactNode;
}) {
  // Its name may come from a document its metadata links to (read through the reader's gateway).
  const name = useMetadataName(info.data?.metadata, '');
  // An id no group has is not titled as if it were one.
  const missing = !info.data && isApiError(info.error) && info.error.kind === 'not-found';
  return (
    <>
      <PageTitle
        kicker={`Group #${id}`}
        title={missing ? `No group #${id}` : name || `Group #${id}`}
        docTitle={missing ? `No group #${id}` : `${name ? `${labelText(name, 60)} · ` : ''}Group #${id}`}
        right={actions}
      />
      {info.isPending && <LoadingBlock label="Loading group" />}
      {info.isError && !info.data && (
        <ErrorState
          error={info.error}
          onRetry={() => void info.refetch()}
          what={`Group #${id}`}
          notFound="No group has this id on this chain. Groups are never deleted, so the id may be from another chain."
        />
      )}
      {info.isError && info.data && <StaleNote error={info.error} onRetry={() => void info.refetch()} />}
      {info.data && <GroupInfoCard group={info.data} />}
    </>
  );
}
