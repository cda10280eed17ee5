import type { SqlDatabase } from './sql-database.ts';

// The archive's schema, as ordered migrations (each runs once, recorded in schema_migrations).
// Ids are numeric(20) (uint64), weights and tallies numeric (exact) beside the node's own text,
// times the node's RFC 3339 text beside a timestamptz for ordering.

const MIGRATIONS: readonly { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: 'archive core',
    sql: `
CREATE TABLE archive_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE archive_cursor (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  height numeric(20) NOT NULL,
  block_hash text NOT NULL,
  block_time text NOT NULL
);
CREATE TABLE archive_gaps (
  from_height numeric(20) PRIMARY KEY,
  to_height numeric(20) NOT NULL,
  reason text NOT NULL
);

CREATE TABLE groups (
  id numeric(20) PRIMARY KEY,
  admin text NOT NULL,
  metadata text NOT NULL,
  name text NOT NULL,
  version numeric(20) NOT NULL,
  total_weight text NOT NULL,
  created_at text NOT NULL,
  known_from numeric(20) NOT NULL,
  updated_height numeric(20) NOT NULL
);
CREATE INDEX groups_name ON groups (lower(name));

CREATE TABLE group_members (
  group_id numeric(20) NOT NULL,
  address text NOT NULL,
  weight text NOT NULL,
  weight_value numeric NOT NULL,
  metadata text NOT NULL,
  added_at text NOT NULL,
  PRIMARY KEY (group_id, address)
);
CREATE INDEX group_members_by_address ON group_members (address);

CREATE TABLE group_history (
  group_id numeric(20) NOT NULL,
  height numeric(20) NOT NULL,
  seq integer NOT NULL,
  block_time text NOT NULL,
  kind text NOT NULL,
  address text,
  old_value text,
  new_value text,
  PRIMARY KEY (group_id, height, seq)
);

CREATE TABLE policies (
  address text PRIMARY KEY,
  group_id numeric(20) NOT NULL,
  admin text NOT NULL,
  metadata text NOT NULL,
  name text NOT NULL,
  version numeric(20) NOT NULL,
  decision_policy text NOT NULL,
  created_at text NOT NULL,
  updated_height numeric(20) NOT NULL
);
CREATE INDEX policies_by_group ON policies (group_id);
CREATE INDEX policies_name ON policies (lower(name));

CREATE TABLE proposals (
  id numeric(20) PRIMARY KEY,
  group_id numeric(20) NOT NULL,
  policy_address text NOT NULL,
  proposers text NOT NULL,
  metadata text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  messages text NOT NULL,
  submit_time text NOT NULL,
  submit_at timestamptz NOT NULL,
  voting_period_end text NOT NULL,
  voting_ends_at timestamptz NOT NULL,
  group_version numeric(20) NOT NULL,
  group_policy_version numeric(20) NOT NULL,
  status text NOT NULL,
  executor_result text NOT NULL,
  final_tally text NOT NULL,
  on_chain boolean NOT NULL,
  pruned_height numeric(20),
  known_from numeric(20) NOT NULL,
  last_height numeric(20) NOT NULL,
  search tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || summary || ' ' || metadata)) STORED
);
CREATE INDEX proposals_submit ON proposals (submit_at, id);
CREATE INDEX proposals_voting_end ON proposals (voting_ends_at, id);
CREATE INDEX proposals_status ON proposals (status, id);
CREATE INDEX proposals_group ON proposals (group_id, id);
CREATE INDEX proposals_policy ON proposals (policy_address, id);
CREATE INDEX proposals_search ON proposals USING gin (search);
CREATE INDEX proposals_open ON proposals (voting_ends_at, id) WHERE status = 'PROPOSAL_STATUS_SUBMITTED';

CREATE TABLE proposal_proposers (
  proposal_id numeric(20) NOT NULL,
  proposer text NOT NULL,
  PRIMARY KEY (proposer, proposal_id)
);

CREATE TABLE proposal_timeline (
  proposal_id numeric(20) NOT NULL,
  height numeric(20) NOT NULL,
  seq integer NOT NULL,
  block_time text NOT NULL,
  kind text NOT NULL,
  status text,
  detail text,
  PRIMARY KEY (proposal_id, height, seq)
);

CREATE TABLE votes (
  proposal_id numeric(20) NOT NULL,
  voter text NOT NULL,
  option text NOT NULL,
  metadata text NOT NULL,
  submit_time text NOT NULL,
  submit_at timestamptz NOT NULL,
  height numeric(20) NOT NULL,
  weight text,
  weight_value numeric,
  PRIMARY KEY (proposal_id, voter)
);
CREATE INDEX votes_by_voter ON votes (voter, proposal_id);
CREATE INDEX votes_by_time ON votes (proposal_id, submit_at, voter);
CREATE INDEX votes_by_weight ON votes (proposal_id, weight_value, voter);

CREATE TABLE upgrades (
  name text PRIMARY KEY,
  height numeric(20) NOT NULL,
  info text NOT NULL,
  scheduled_height numeric(20),
  applied_height numeric(20),
  applied_time text
);

CREATE TABLE module_versions (
  name text NOT NULL,
  height numeric(20) NOT NULL,
  version numeric(20) NOT NULL,
  PRIMARY KEY (name, height)
);
`,
  },
];

/** Brings the schema up to date; a database from a newer Polity stops start-up with a message. */
export async function migrate(db: SqlDatabase): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL)');
  const done = new Set(
    (await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => Number(row.id)),
  );
  const newest = MIGRATIONS[MIGRATIONS.length - 1].id;
  for (const id of done) {
    if (id > newest)
      throw new Error(`the archive database has migration ${id}, newer than this Polity knows (${newest})`);
  }
  for (const migration of MIGRATIONS) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.sql.split(/;\s*\n/).filter((part) => part.trim() !== '')) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        String(migration.id),
        migration.name,
      ]);
    });
  }
}
