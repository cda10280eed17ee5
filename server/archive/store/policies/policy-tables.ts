import { column, type Table } from '../table.ts';

// Group policies as last read.

export const POLICIES: Table = {
  name: 'policies',
  columns: [
    column('address', 'text'),
    column('group_id', 'numeric(20)'),
    column('admin', 'text'),
    column('metadata', 'text'),
    column('name', 'text'),
    column('version', 'numeric(20)'),
    column('decision_policy', 'text'),
    column('created_at', 'text'),
    column('updated_height', 'numeric(20)'),
  ],
  primaryKey: ['address'],
  indexes: [
    'CREATE INDEX policies_by_group ON policies (group_id)',
    'CREATE INDEX policies_name ON policies (lower(name))',
    // The search finds addresses by their beginning (addresses?prefix=), in byte order.
    { sql: 'CREATE INDEX policies_address_prefix ON policies (address text_pattern_ops)', since: 10 },
  ],
  history: true,
};
