import type { StoreReader } from '../store/archive-store.ts';
import type { PageParams } from '../store/keyset-page.ts';
import { readVoterRecord } from '../store/views/voter-record.ts';
import { participationOf, type GroupParticipation } from './voter-spans.ts';

// `voters/{address}/groups`: every group an address was ever in or voted in, each with its spans
// of membership and what became of the group's proposals and its votes.

export interface VoterGroup extends GroupParticipation {
  group_id: string;
  group_name: string;
}

/**
 * One page of the groups of an address, by group id, each with its participation; with where the
 * archive began (memberships before it are not known) and the block it has reached.
 */
export async function voterGroupsOf(db: StoreReader, address: string, page: PageParams) {
  const record = await readVoterRecord(db, address, page);
  const { start, cursor } = record;
  const groups: VoterGroup[] = record.groupIds.map((groupId) => ({
    group_id: groupId,
    group_name: record.names.get(groupId) ?? '',
    ...participationOf(record.events.get(groupId) ?? [], record.proposals.get(groupId) ?? [], start?.time ?? null),
  }));
  return {
    address,
    archive_from_height: start?.height ?? null,
    archive_from_time: start?.time ?? null,
    as_of_height: cursor ? String(cursor.height) : null,
    as_of_time: cursor?.time || null,
    groups,
    pagination: record.pagination,
  };
}
