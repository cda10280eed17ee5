import { TALLIED_STATUSES } from '../../vocabulary.ts';
import { readCursor, readMetaValue } from '../cursor/cursor-reads.ts';
import type { Row, SqlExecutor } from '../db/sql-database.ts';
import { keysetPage, type PageParams } from '../keyset-page.ts';
import { wordList } from '../table.ts';

// An address's record across groups: every group it was ever in (the group history's member
// events) or voted in (its votes), and for each its member events, the group's proposals with its
// votes on them, and the group's name; with where the archive began and the block it reached.
// The API works out the spans of membership from these rows (api/voter-spans.ts).

const MEMBER_KINDS = wordList(['member_added', 'member_known', 'member_removed', 'weight_changed']);

const CLOSED_EARLY = wordList(['PROPOSAL_STATUS_ABORTED', 'PROPOSAL_STATUS_WITHDRAWN']);

const TALLIED = wordList(TALLIED_STATUSES);

/** `{1,2,3}`: ids as one numeric[] parameter. */
const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** A page of the ids of the groups an address was a member of at some height, or voted in. */
function readGroupIds(db: SqlExecutor, address: string, page: PageParams) {
  return keysetPage(
    db,
    {
      sql: `SELECT g.group_id::text AS group_id FROM (
          SELECT h.group_id FROM group_history h WHERE h.address = $1 AND h.kind IN (${MEMBER_KINDS})
          UNION
          SELECT p.group_id FROM votes v JOIN proposals p ON p.id = v.proposal_id WHERE v.voter = $1
        ) g WHERE true`,
      params: [address],
    },
    { columns: ['g.group_id'], descending: false, keyOf: (row: Row) => [String(row.group_id)] },
    page,
  );
}

function readMemberEvents(db: SqlExecutor, address: string, groupIds: readonly string[]) {
  return db.query<MemberEventRow & { group_id: string }>(
    `SELECT group_id::text AS group_id, height::text AS height, block_time, kind, new_value FROM group_history
     WHERE address = $1 AND group_id = ANY($2::numeric[]) AND kind IN (${MEMBER_KINDS})
     ORDER BY group_id, height, seq`,
    [address, idArray(groupIds)],
  );
}

/**
 * Every proposal of the groups, with the address's vote on it and, for a withdrawn or aborted
 * one, when the archive saw its voting end early. A vote's weight is the tally's, as in the
 * address's list of votes.
 */
function readGroupProposals(db: SqlExecutor, address: string, groupIds: readonly string[]) {
  return db.query<GroupProposalRow & { group_id: string }>(
    `SELECT p.id::text AS id, p.group_id::text AS group_id, p.status, p.submit_time, p.voting_period_end,
       CASE WHEN p.status IN (${CLOSED_EARLY}) THEN (
         SELECT t.block_time FROM proposal_timeline t
         WHERE t.proposal_id = p.id AND t.status IN (${CLOSED_EARLY}) AND t.block_time <> ''
         ORDER BY t.height, t.seq LIMIT 1) END AS closed_time,
       v.submit_time AS vote_time, CASE WHEN p.status IN (${TALLIED}) THEN v.weight END AS counted
     FROM proposals p LEFT JOIN votes v ON v.proposal_id = p.id AND v.voter = $1
     WHERE p.group_id = ANY($2::numeric[])
     ORDER BY p.group_id, p.id`,
    [address, idArray(groupIds)],
  );
}

function readGroupNames(db: SqlExecutor, groupIds: readonly string[]) {
  return db.query<{ id: string; name: string | null }>(
    'SELECT id::text AS id, name FROM groups WHERE id = ANY($1::numeric[])',
    [idArray(groupIds)],
  );
}

/**
 * The archive's first block (where it began following) and its time, which the archive wrote
 * beside what it found there: before it, who was a member of what is not known.
 */
export async function readArchiveStart(db: SqlExecutor): Promise<{ height: string; time: string | null } | null> {
  const height = await readMetaValue(db, 'bootstrap_height');
  if (height === null) return null;
  const rows = await db.query<{ block_time: string }>(
    `(SELECT block_time FROM group_history WHERE height = $1::numeric AND block_time <> '' LIMIT 1)
     UNION ALL
     (SELECT block_time FROM proposal_timeline WHERE height = $1::numeric AND block_time <> '' LIMIT 1)`,
    [height],
  );
  const cursor = rows.length === 0 ? await readCursor(db) : null;
  const time = rows[0]?.block_time ?? (cursor && String(cursor.height) === height ? cursor.time : null);
  return { height, time: time || null };
}

export type MemberEventRow = {
  height: string;
  block_time: string;
  kind: string;
  new_value: string | null;
};

export type GroupProposalRow = {
  id: string;
  status: string;
  submit_time: string;
  voting_period_end: string;
  /** When it was withdrawn or aborted, as the archive saw it (voting ended there). */
  closed_time: string | null;
  /** The address's vote: when it was cast (null: no vote). */
  vote_time: string | null;
  /** The weight the vote counted with, once tallied (null: not tallied, or it counted nothing). */
  counted: string | null;
};

function byGroup<T extends { group_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.group_id);
    if (list) list.push(row);
    else out.set(row.group_id, [row]);
  }
  return out;
}

/**
 * One page of the groups of an address, by group id, each with its member events, its proposals
 * (with the address's vote on each) and its name; with where the archive began (memberships before
 * it are not known) and the block it has reached.
 */
export async function readVoterRecord(db: SqlExecutor, address: string, page: PageParams) {
  const start = await readArchiveStart(db);
  const cursor = await readCursor(db);
  const ids = await readGroupIds(db, address, page);
  const groupIds = ids.rows.map((row) => String(row.group_id));
  const none = groupIds.length === 0;
  return {
    start,
    cursor,
    groupIds,
    pagination: ids.pagination,
    events: byGroup(none ? [] : await readMemberEvents(db, address, groupIds)),
    proposals: byGroup(none ? [] : await readGroupProposals(db, address, groupIds)),
    names: new Map(none ? [] : (await readGroupNames(db, groupIds)).map((row) => [row.id, row.name ?? ''])),
  };
}
