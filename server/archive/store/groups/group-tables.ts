import { column, type Table } from '../table.ts';

// Groups as last read, their members now, and every change to them with its height.

export const GROUPS: Table = {
  name: 'groups',
  columns: [
    column('id', 'numeric(20)'),
    column('admin', 'text'),
    column('metadata', 'text'),
    column('name', 'text'),
    column('version', 'numeric(20)'),
    column('total_weight', 'text'),
    column('created_at', 'text'),
    column('known_from', 'numeric(20)'),
    column('updated_height', 'numeric(20)'),
  ],
  primaryKey: ['id'],
  indexes: ['CREATE INDEX groups_name ON groups (lower(name))'],
  history: true,
};

export const GROUP_MEMBERS: Table = {
  name: 'group_members',
  columns: [
    column('group_id', 'numeric(20)'),
    column('address', 'text'),
    column('weight', 'text'),
    column('weight_value', 'numeric'),
    column('metadata', 'text'),
    column('added_at', 'text'),
  ],
  primaryKey: ['group_id', 'address'],
  indexes: [
    'CREATE INDEX group_members_by_address ON group_members (address)',
    // The search finds addresses by their beginning (addresses?prefix=), in byte order.
    { sql: 'CREATE INDEX group_members_address_prefix ON group_members (address text_pattern_ops)', since: 10 },
  ],
  history: true,
};

export const GROUP_HISTORY: Table = {
  name: 'group_history',
  columns: [
    column('group_id', 'numeric(20)'),
    column('height', 'numeric(20)'),
    column('seq', 'integer'),
    column('block_time', 'text'),
    column('kind', 'text'),
    column('address', 'text', { nullable: true }),
    column('old_value', 'text', { nullable: true }),
    column('new_value', 'text', { nullable: true }),
  ],
  primaryKey: ['group_id', 'height', 'seq'],
  indexes: [
    // A group's events at a height, for the feeds' block times and the webhooks' facts.
    { sql: 'CREATE INDEX group_history_by_height ON group_history (height)', since: 4 },
    // A voter's groups (voters/{address}/groups) read the group history by member.
    { sql: 'CREATE INDEX group_history_by_address ON group_history (address, group_id, height, seq)', since: 8 },
  ],
  history: true,
};
