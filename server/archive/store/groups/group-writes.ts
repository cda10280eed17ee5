import { nameOf } from '../../metadata-name.ts';
import type { NodeGroup, NodeMember } from '../../node-records.ts';
import type { SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { arrayLiteral, columnArrays, inRounds, insertRows } from '../table.ts';
import { GROUP_HISTORY, GROUP_MEMBERS, GROUPS } from './group-tables.ts';

// Groups and members as read at a height, and the history of what changed between reads.

/** One change: kind, member address, value before, value after. */
export type GroupChange = [kind: string, address: string | null, before: string | null, after: string | null];

/** Group history rows gathered for a batch's end. */
export class GroupHistoryRows {
  private readonly rows: SqlValue[][] = [];

  add(groupId: string, height: bigint, seq: number, time: string, change: GroupChange): void {
    this.rows.push([groupId, String(height), String(seq), time, ...change]);
  }

  async flush(tx: SqlExecutor): Promise<void> {
    await insertRows(tx, GROUP_HISTORY, this.rows.splice(0), { conflict: 'ON CONFLICT DO NOTHING' });
  }
}

/** The changes from what the archive holds to what the node showed. */
function changesOf(
  previous: { admin: string; metadata: string } | undefined,
  group: NodeGroup,
  before: ReadonlyMap<string, string>,
  members: readonly NodeMember[],
  bootstrap: boolean,
): GroupChange[] {
  const changes: GroupChange[] = [];
  if (!previous) changes.push([bootstrap ? 'known' : 'created', null, null, group.admin]);
  else {
    if (previous.admin !== group.admin) changes.push(['admin_changed', null, previous.admin, group.admin]);
    if (previous.metadata !== group.metadata)
      changes.push(['metadata_changed', null, previous.metadata, group.metadata]);
  }
  const after = new Set(members.map((member) => member.address));
  for (const member of members) {
    const old = before.get(member.address);
    if (old === undefined)
      changes.push([previous || !bootstrap ? 'member_added' : 'member_known', member.address, null, member.weight]);
    else if (old !== member.weight) changes.push(['weight_changed', member.address, old, member.weight]);
  }
  for (const [address, weight] of before)
    if (!after.has(address)) changes.push(['member_removed', address, weight, null]);
  return changes;
}

/** A group's row: known from `from`, last changed at `height`. */
const groupRow = (group: NodeGroup, from: bigint, height: bigint) => [
  group.id,
  group.admin,
  group.metadata,
  nameOf(group.metadata),
  group.version,
  group.total_weight,
  group.created_at,
  String(from),
  String(height),
];

export interface GroupRead {
  group: NodeGroup;
  members: readonly NodeMember[];
  height: bigint;
  time: string;
  bootstrap: boolean;
}

/**
 * Stores groups and their members as read, recording what changed since; a read older than what
 * the archive holds changes nothing. A handful of statements, whatever the number of groups (a
 * snapshot holds every group of the chain); a group read twice is written in turn, the later last.
 */
export async function writeGroups(tx: SqlExecutor, history: GroupHistoryRows, reads: readonly GroupRead[]) {
  for (const round of inRounds(reads, (read) => read.group.id)) await writeGroupRound(tx, history, round);
}

/** Groups, each read once. */
async function writeGroupRound(tx: SqlExecutor, history: GroupHistoryRows, reads: readonly GroupRead[]) {
  if (reads.length === 0) return;
  const ids = arrayLiteral(reads.map((read) => read.group.id));
  const previousOf = new Map(
    (
      await tx.query<{ id: string; admin: string; metadata: string; updated_height: string }>(
        `SELECT id::text AS id, admin, metadata, updated_height::text AS updated_height
         FROM groups WHERE id = ANY($1::numeric[])`,
        [ids],
      )
    ).map((row) => [row.id, row]),
  );
  const current = reads.filter((read) => {
    const previous = previousOf.get(read.group.id);
    return !previous || BigInt(previous.updated_height) <= read.height;
  });
  if (current.length === 0) return;
  const membersBefore = new Map<string, Map<string, string>>(current.map((read) => [read.group.id, new Map()]));
  const held = await tx.query<{ group_id: string; address: string; weight: string }>(
    'SELECT group_id::text AS group_id, address, weight FROM group_members WHERE group_id = ANY($1::numeric[])',
    [arrayLiteral(current.map((read) => read.group.id))],
  );
  for (const row of held) membersBefore.get(row.group_id)?.set(row.address, row.weight);

  await insertRows(
    tx,
    GROUPS,
    current.map(({ group, height }) => groupRow(group, height, height)),
    {
      conflict: `ON CONFLICT (id) DO UPDATE SET admin = excluded.admin, metadata = excluded.metadata,
        name = excluded.name, version = excluded.version, total_weight = excluded.total_weight,
        updated_height = excluded.updated_height
        WHERE groups.updated_height <= excluded.updated_height`,
    },
  );
  const removed: [string, string][] = [];
  const changed: SqlValue[][] = [];
  for (const read of current) {
    const { group, members } = read;
    const before = membersBefore.get(group.id) ?? new Map<string, string>();
    const after = new Set(members.map((member) => member.address));
    for (const [address] of before) if (!after.has(address)) removed.push([group.id, address]);
    for (const member of members)
      if (before.get(member.address) !== member.weight)
        changed.push([group.id, member.address, member.weight, member.weight, member.metadata, member.added_at]);
    const changes = changesOf(previousOf.get(group.id), group, before, members, read.bootstrap);
    for (const [seq, change] of changes.entries()) history.add(group.id, read.height, seq, read.time, change);
  }
  if (removed.length > 0)
    await tx.query(
      `DELETE FROM group_members m USING unnest($1::numeric[], $2::text[]) AS gone (group_id, address)
       WHERE m.group_id = gone.group_id AND m.address = gone.address`,
      columnArrays(
        removed,
        ([groupId]) => groupId,
        ([, address]) => address,
      ),
    );
  // A group's addresses are unique, so one upsert statement can carry every group's members.
  await insertRows(tx, GROUP_MEMBERS, changed, {
    conflict: `ON CONFLICT (group_id, address) DO UPDATE SET weight = excluded.weight,
      weight_value = excluded.weight_value, metadata = excluded.metadata`,
  });
}

/**
 * Groups rebuilt from the transactions of blocks whose chain no longer answers x/group: their
 * rows as a node's state would give them, known from their creation. Their history rows are the
 * blocks' own (written beside them), so none is added here.
 */
export async function writeRebuiltGroups(
  tx: SqlExecutor,
  groups: readonly { group: NodeGroup; members: readonly NodeMember[]; from: bigint; height: bigint }[],
): Promise<void> {
  await insertRows(
    tx,
    GROUPS,
    groups.map(({ group, from, height }) => groupRow(group, from, height)),
    { conflict: 'ON CONFLICT (id) DO NOTHING' },
  );
  await insertRows(
    tx,
    GROUP_MEMBERS,
    groups.flatMap(({ group, members }) =>
      members.map((member) => [
        group.id,
        member.address,
        member.weight,
        member.weight,
        member.metadata,
        member.added_at,
      ]),
    ),
    { conflict: 'ON CONFLICT (group_id, address) DO NOTHING' },
  );
}
