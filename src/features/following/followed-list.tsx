import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { EmptyState } from '../../components/states/query-states.tsx';
import { RelativeTime } from '../../components/values/relative-time.tsx';
import { endpointLabel, withEndpoint } from '../../lib/chain/endpoint.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';
import { labelText } from '../../lib/text/hostile-text.ts';
import { instant } from '../../lib/time.ts';
import { followLabel } from './follow-button.tsx';
import {
  browserStorage,
  followKey,
  SET_ASIDE_KEY,
  startOver,
  unfollow,
  type FollowedItem,
  type FollowKind,
} from './follow-store.ts';
import { FollowedState, useCurrentName } from './followed-state.tsx';
import { useFollowed } from './use-followed.ts';

const KINDS: Record<FollowKind, { word: string; path: (id: string) => string }> = {
  group: { word: 'Group', path: (id) => `/groups/${id}` },
  policy: { word: 'Policy', path: (id) => `/policies/${id}` },
  proposal: { word: 'Proposal', path: (id) => `/proposals/${id}` },
  voter: { word: 'Voter', path: (id) => `/voters/${id}` },
};

function shownName(item: FollowedItem, name: string): string {
  const label = labelText(name, 120);
  if (item.kind === 'proposal') return `#${item.id}${label ? ` ${label}` : ''}`;
  if (item.kind === 'group') return label || `Group #${item.id}`;
  return label || shortAddress(item.id);
}

function FollowedRow({ item, endpoint }: { item: FollowedItem; endpoint: string }) {
  const name = useCurrentName(item);
  const since = instant(item.followedAt);
  const unfollowLabel = followLabel({ ...item, name }).replace(/^Follow/, 'Unfollow');
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="followed-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
            {KINDS[item.kind].word}
          </Text>
          <Anchor
            component={Link}
            to={withEndpoint(KINDS[item.kind].path(item.id), item.endpoint)}
            fw={600}
            style={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}
          >
            {shownName(item, name)}
          </Anchor>
          <FollowedState item={item} />
          <Text fz="xs" c="dimmed">
            {since && (
              <>
                followed <RelativeTime date={since} />
              </>
            )}
            {item.endpoint !== endpoint && ` · on ${endpointLabel(item.endpoint)}`}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          aria-label={unfollowLabel}
          onClick={() => unfollow(browserStorage(), followKey(item))}
          style={{ flexShrink: 0 }}
        >
          Unfollow
        </Button>
      </Group>
    </Paper>
  );
}

function Damaged({ reason }: { reason: string }) {
  return (
    <Alert color="red" title="The list of what you follow cannot be read" role="alert" data-testid="following-damaged">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">
          {reason} It was stored in this browser, maybe by another version of Polity. Polity leaves it as it is, and
          follows nothing until you start over.
        </Text>
        <Text fz="sm">
          Starting over keeps a copy of the unreadable list (under <code>{SET_ASIDE_KEY}</code> in this site’s local
          storage) and begins an empty one.
        </Text>
        <Button size="xs" color="red" variant="outline" onClick={() => startOver(browserStorage())}>
          Start over with an empty list
        </Button>
      </Stack>
    </Alert>
  );
}

/** Everything followed in this browser, with where it stands now and a way to unfollow each. */
export function FollowedList({ endpoint }: { endpoint: string }) {
  const followed = useFollowed();
  if (followed.status === 'unavailable')
    return (
      <Alert color="yellow" title="This browser keeps nothing for Polity" role="status">
        Its local storage is turned off (private browsing, or blocked site data), so nothing can be followed here.
      </Alert>
    );
  if (followed.status === 'damaged') return <Damaged reason={followed.reason} />;
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Followed in this browser
      </Title>
      {followed.items.length === 0 ? (
        <EmptyState>
          Nothing yet. Use the Follow button at the top of a group, policy, proposal or voter page.
        </EmptyState>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Followed items">
          {followed.items.map((item) => (
            <FollowedRow key={followKey(item)} item={item} endpoint={endpoint} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
