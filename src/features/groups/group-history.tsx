import { Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';

import { groupEventRowId, type GroupEvent } from '../../api/archive-records.ts';
import { isArchiveAbsent } from '../../api/archive.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { NeedsArchive, useArchiveCatchingUp } from '../../components/states/archive-gate.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { groupHistoryQuery } from '../../hooks/group-history-query.ts';
import { grouped } from '../../lib/format-number.ts';

const KIND: Record<string, string> = {
  member_added: 'Joined',
  member_removed: 'Left',
  weight_changed: 'Weight changed',
  admin_changed: 'Admin changed',
  metadata_changed: 'Metadata changed',
  created: 'Group created',
  known: 'First seen by the archive',
  member_known: 'Member when the archive started',
};

const PREFIX: Record<string, string> = { member_added: 'weight ', member_known: 'weight ', metadata_changed: 'now ' };

const isDecimal = (text: string | null): text is string =>
  text !== null && /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text);

function Change({ event }: { event: GroupEvent }) {
  const value = (text: string | null) =>
    isDecimal(text) ? <DecimalText value={text} exact interactive={false} /> : <>{text ?? '—'}</>;
  if (event.kind === 'weight_changed')
    return (
      <Text span fz="sm">
        {value(event.old_value)} → {value(event.new_value)}
      </Text>
    );
  if (event.kind === 'member_removed') return <Text fz="sm">weight was {value(event.old_value)}</Text>;
  if (event.new_value === null) return null;
  return (
    <Text span fz="sm" style={{ wordBreak: 'break-word' }}>
      {PREFIX[event.kind] ?? 'admin '}
      {value(event.new_value)}
    </Text>
  );
}

const MemberLink = ({ address }: { address: string }) => (
  <AddressText address={address} to={`/voters/${address}`} copy={false} />
);

/** Who joined and left a group and how weights, admin and metadata changed, newest first (archive). */
export function GroupHistory({ endpoint, groupId }: { endpoint: string; groupId: string }) {
  const query = useInfiniteQuery(groupHistoryQuery(endpoint, groupId));
  const catchingUp = useArchiveCatchingUp(endpoint);
  if (query.isError && isArchiveAbsent(query.error))
    return (
      <NeedsArchive
        what="Membership history"
        instead="The members list above shows who is a member now, with the time each was added."
      />
    );
  return (
    <InfiniteList
      label="Membership history"
      query={query}
      identity={groupEventRowId}
      noun="changes"
      rowHeight={52}
      waiting={catchingUp === null ? null : { reason: catchingUp, what: 'Changes' }}
      empty="The archive has recorded no change to this group."
      columns={[
        { label: 'Change', width: 'minmax(130px, 1fr)', cell: (event) => KIND[event.kind] ?? event.kind },
        {
          label: 'Member',
          width: 'minmax(180px, 2fr)',
          cell: (event) => (event.address ? <MemberLink address={event.address} /> : '—'),
        },
        { label: 'Value', width: 'minmax(120px, 1.4fr)', cell: (event) => <Change event={event} /> },
        {
          label: 'When',
          width: 'minmax(170px, 1.4fr)',
          cell: (event) => (
            <Text span fz="xs">
              {event.height ? `height ${grouped(event.height)}` : ''}
              {event.time ? ' · ' : ''}
              {event.time && <TimeText value={event.time} compact />}
            </Text>
          ),
        },
      ]}
    />
  );
}
