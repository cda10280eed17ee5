import type { Row, SqlExecutor } from '../db/sql-database.ts';
import { keysetPage, type PageParams } from '../keyset-page.ts';

// What the archive API reads of groups: a group's history and its members now.

/** A page of a group's history, oldest first unless `descending`. */
export function readGroupHistory(db: SqlExecutor, groupId: string, descending: boolean, page: PageParams) {
  return keysetPage(
    db,
    {
      sql: `SELECT group_id::text AS group_id, height::text AS height, seq::text AS seq, block_time, kind, address, old_value,
        new_value FROM group_history WHERE group_id = $1::numeric`,
      params: [groupId],
    },
    // Qualified: ORDER BY an output name would sort the text the query gives out ("1000" before "999").
    {
      columns: ['group_history.height', 'group_history.seq'],
      descending,
      keyOf: (row: Row) => [String(row.height), String(row.seq)],
    },
    page,
  );
}

/** Whether the archive holds the group (groups are never deleted on chain). */
export async function groupExists(db: SqlExecutor, groupId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM groups WHERE id = $1::numeric', [groupId]);
  return rows.length > 0;
}

/** A page of a group's current members, by address. */
export function readGroupMembers(db: SqlExecutor, groupId: string, page: PageParams) {
  return keysetPage(
    db,
    {
      sql: `SELECT group_id::text AS group_id, address, weight, metadata, added_at FROM group_members
        WHERE group_id = $1::numeric`,
      params: [groupId],
    },
    { columns: ['address'], descending: false, keyOf: (row: Row) => [String(row.address)] },
    page,
  );
}

/** Every current member of a group, with its weight (its proof bundle names each). */
export async function readGroupMemberWeights(
  db: SqlExecutor,
  groupId: string,
): Promise<{ address: string; weight: string }[]> {
  return db.query<{ address: string; weight: string }>(
    'SELECT address, weight FROM group_members WHERE group_id = $1::numeric ORDER BY address',
    [groupId],
  );
}

const GROUP_COLUMNS = `id::text AS id, admin, metadata, name, version::text AS version, total_weight, created_at`;

/** A group's record as last read (a chain that dropped x/group: as it stood when the module left). */
export async function readGroup(db: SqlExecutor, groupId: string): Promise<Row | null> {
  const rows = await db.query(`SELECT ${GROUP_COLUMNS} FROM groups WHERE id = $1::numeric`, [groupId]);
  return rows[0] ?? null;
}

export interface GroupListFilter {
  admin: string | null;
  /** Groups the address is a member of now. */
  member: string | null;
  descending: boolean;
}

/** A page of every group the archive holds, by id, narrowed to an admin's or a member's. */
export function readGroups(db: SqlExecutor, filter: GroupListFilter, page: PageParams) {
  const params: string[] = [];
  const where: string[] = [];
  if (filter.admin !== null) {
    params.push(filter.admin);
    where.push(`admin = $${params.length}`);
  }
  if (filter.member !== null) {
    params.push(filter.member);
    where.push(
      `EXISTS (SELECT 1 FROM group_members WHERE group_members.group_id = groups.id AND address = $${params.length})`,
    );
  }
  return keysetPage(
    db,
    // A base that always has a WHERE, so the keyset's condition can follow with AND.
    { sql: `SELECT ${GROUP_COLUMNS} FROM groups WHERE ${['TRUE', ...where].join(' AND ')}`, params },
    { columns: ['groups.id'], descending: filter.descending, keyOf: (row: Row) => [String(row.id)] },
    page,
  );
}
