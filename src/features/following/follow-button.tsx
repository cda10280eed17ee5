import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { AppLink } from '../../components/page/app-link.tsx';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';
import { labelText } from '../../lib/text/hostile-text.ts';
import { instant } from '../../lib/time.ts';
import { browserStorage, follow, followKey, unfollow, type FollowKind } from './follow-store.ts';
import { useFollowed } from './use-followed.ts';

export interface FollowTarget {
  kind: FollowKind;
  id: string;
  /** Its name as the page shows it (on-chain text); '' when it has none. */
  name: string;
}

/** "Follow group Core contributors": the button's name, the same followed or not (aria-pressed tells which). */
export function followLabel({ kind, id, name }: FollowTarget): string {
  const shown = labelText(name, 80);
  switch (kind) {
    case 'group':
      return `Follow group ${shown || `#${id}`}`;
    case 'policy':
      return `Follow policy ${shown || shortAddress(id)}`;
    case 'proposal':
      return `Follow proposal #${id}${shown ? ` ${shown}` : ''}`;
    case 'voter':
      return `Follow voter ${id}`;
  }
}

/**
 * The chain's time now, from the archive's latest block and how long ago it was read: what a
 * follow is dated with, so that what happened on the chain before it is never notified.
 */
export function chainTimeNow(latestBlockTime: string | null, readAt: number, now = Date.now()): string {
  const block = latestBlockTime === null ? undefined : instant(latestBlockTime)?.getTime();
  return new Date(block === undefined ? now : block + Math.max(0, now - readAt)).toISOString();
}

const watch = () => void import('./start-watching.ts').then((module) => module.startWatching());

/**
 * Follow / unfollow a group, policy, proposal or voter, in this browser. Offered only where the
 * endpoint has an archive: what is followed is watched through it.
 */
export function FollowButton({ endpoint, target }: { endpoint: string; target: FollowTarget }) {
  const status = useQuery(archiveStatusQuery(endpoint));
  const followed = useFollowed();
  const anything = followed.status === 'ok' && followed.items.length > 0;
  // Watching starts with the first follow; and a tab showing the button watches too, so that
  // closing the tab that watched hands over to it.
  useEffect(() => {
    if (anything) watch();
  }, [anything]);
  if (!status.data || followed.status === 'unavailable') return null;
  if (followed.status === 'damaged')
    return (
      <AppLink to="/following" fz="sm">
        Following: the stored list cannot be read
      </AppLink>
    );
  const key = followKey({ ...target, endpoint });
  const pressed = followed.items.some((item) => followKey(item) === key);
  const toggle = () => {
    const storage = browserStorage();
    if (pressed) unfollow(storage, key);
    else {
      const followedAt = chainTimeNow(status.data.latest_block_time, status.dataUpdatedAt);
      follow(storage, { ...target, endpoint, followedAt });
    }
  };
  return (
    <Button
      size="xs"
      variant={pressed ? 'filled' : 'default'}
      aria-pressed={pressed}
      aria-label={followLabel(target)}
      leftSection={<span aria-hidden>{pressed ? '★' : '☆'}</span>}
      onClick={toggle}
      data-testid="follow-button"
    >
      Follow
    </Button>
  );
}
