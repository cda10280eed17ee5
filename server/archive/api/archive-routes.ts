import { GrpcCode, GrpcStatusError, invalidArgument } from '../../lib/grpc-status.ts';
import type { SqlDatabase, SqlValue } from '../db/sql-database.ts';
import type { FollowerState } from '../follower/follower.ts';
import { groupHistoryJson, PROPOSAL_SELECT, proposalJson, timelineJson, voteJson } from './archive-json.ts';
import { ArchiveQuery, encodeKey, isAddress, searchQuery, type PageParams } from './archive-params.ts';

export interface ArchiveSource {
  readonly db: SqlDatabase;
  readonly follower: { readonly state: FollowerState };
  readonly source: { rest: string; rpc: string };
}

const STATUSES = [
  'PROPOSAL_STATUS_SUBMITTED',
  'PROPOSAL_STATUS_ACCEPTED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_ABORTED',
  'PROPOSAL_STATUS_WITHDRAWN',
] as const;

const VOTE_OPTIONS = ['VOTE_OPTION_YES', 'VOTE_OPTION_ABSTAIN', 'VOTE_OPTION_NO', 'VOTE_OPTION_NO_WITH_VETO'] as const;

const notFound = (message: string) => new GrpcStatusError(GrpcCode.NotFound, message);

/** A keyset page: rows after the cursor, one extra to know whether another page follows. */
async function keysetPage(
  db: SqlDatabase,
  base: { sql: string; params: SqlValue[] },
  order: { columns: string[]; descending: boolean; keyOf: (row: Record<string, unknown>) => string[] },
  page: PageParams,
) {
  const params = [...base.params];
  let where = '';
  if (page.after) {
    if (page.after.length !== order.columns.length)
      throw invalidArgument('pagination.key is not a key this archive gave out');
    const placeholders = page.after.map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    where = ` AND (${order.columns.join(', ')}) ${order.descending ? '<' : '>'} (${placeholders.join(', ')})`;
  }
  const direction = order.descending ? 'DESC' : 'ASC';
  const sql = `${base.sql}${where} ORDER BY ${order.columns.map((column) => `${column} ${direction}`).join(', ')} LIMIT ${page.limit + 1}`;
  const rows = await db.query(sql, params);
  const more = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  let total = '0';
  if (page.countTotal && !page.after) {
    const counted = await db.query<{ total: string }>(
      `SELECT count(*)::text AS total FROM (${base.sql}) counted`,
      base.params,
    );
    total = counted[0].total;
  }
  const nextKey = more ? encodeKey(order.keyOf(kept[kept.length - 1])) : null;
  return { rows: kept, pagination: { next_key: nextKey, total } };
}

async function proposals(source: ArchiveSource, query: ArchiveQuery) {
  const conditions: string[] = ['true'];
  const params: SqlValue[] = [];
  const add = (condition: string, value: SqlValue) => {
    params.push(value);
    conditions.push(condition.replace('?', `$${params.length}`));
  };
  const status = query.text('status');
  if (status !== null) add('p.status = ?', query.oneOf('status', STATUSES, STATUSES[0]));
  const groupId = query.uint64('group_id');
  if (groupId !== null) add('p.group_id = ?::numeric', groupId);
  const policy = query.address('group_policy_address');
  if (policy !== null) add('p.policy_address = ?', policy);
  const proposer = query.address('proposer');
  if (proposer !== null) add('p.id IN (SELECT proposal_id FROM proposal_proposers WHERE proposer = ?)', proposer);
  if (query.bool('voting_open')) {
    conditions.push(`p.status = 'PROPOSAL_STATUS_SUBMITTED'`);
    conditions.push(`p.voting_ends_at >= (SELECT block_time::timestamptz FROM archive_cursor WHERE block_time <> '')`);
  }
  const words = query.text('q');
  if (words !== null) {
    const search = searchQuery(words);
    if (search === null) throw invalidArgument('q has no words to search for');
    add(`p.search @@ to_tsquery('simple', ?)`, search);
  }
  const orderBy = query.oneOf('order_by', ['id', 'submit_time', 'voting_period_end'] as const, 'id');
  const descending = query.oneOf('order', ['asc', 'desc'] as const, orderBy === 'id' ? 'desc' : 'asc') === 'desc';
  const column = orderBy === 'id' ? null : orderBy === 'submit_time' ? 'p.submit_at' : 'p.voting_ends_at';
  const page = await keysetPage(
    source.db,
    {
      sql: `${PROPOSAL_SELECT.replace('SELECT ', `SELECT p.submit_at::text AS submit_at, p.voting_ends_at::text AS voting_ends_at, `)} WHERE ${conditions.join(' AND ')}`,
      params,
    },
    {
      columns: column ? [column, 'p.id'] : ['p.id'],
      descending,
      keyOf: (row) =>
        column
          ? [String(column === 'p.submit_at' ? row.submit_at : row.voting_ends_at), String(row.id)]
          : [String(row.id)],
    },
    query.page(),
  );
  return { proposals: page.rows.map(proposalJson), pagination: page.pagination };
}

async function proposal(source: ArchiveSource, id: string) {
  const rows = await source.db.query(`${PROPOSAL_SELECT} WHERE p.id = $1::numeric`, [id]);
  if (rows.length === 0) throw notFound(`proposal ${id} is not in the archive`);
  const timeline = await source.db.query(
    'SELECT height::text AS height, block_time, kind, status, detail FROM proposal_timeline WHERE proposal_id = $1::numeric ORDER BY height, seq',
    [id],
  );
  return { proposal: proposalJson(rows[0]), timeline: timeline.map(timelineJson) };
}

// A vote's weight is the one its proposal's tally counted: none before the tally (the archive
// keeps the voter's current weight there until then) nor for a proposal never tallied.
const TALLIED = `p.status IN ('PROPOSAL_STATUS_ACCEPTED', 'PROPOSAL_STATUS_REJECTED')`;
const WEIGHT_ORDER = `COALESCE(CASE WHEN ${TALLIED} THEN v.weight_value END, -1)`;

const VOTE_SELECT = `SELECT v.proposal_id::text AS proposal_id, v.voter, v.option, v.metadata, v.submit_time,
  v.submit_at::text AS submit_at, v.height::text AS height, CASE WHEN ${TALLIED} THEN v.weight END AS weight,
  ${WEIGHT_ORDER}::text AS weight_order, p.on_chain,
  (p.status <> 'PROPOSAL_STATUS_SUBMITTED') AS votes_pruned, p.title, p.status, p.executor_result,
  p.group_id::text AS group_id, g.name AS group_name
  FROM votes v JOIN proposals p ON p.id = v.proposal_id LEFT JOIN groups g ON g.id = p.group_id`;

async function proposalVotes(source: ArchiveSource, id: string, query: ArchiveQuery) {
  const exists = await source.db.query('SELECT 1 FROM proposals WHERE id = $1::numeric', [id]);
  if (exists.length === 0) throw notFound(`proposal ${id} is not in the archive`);
  const orderBy = query.oneOf('order_by', ['time', 'weight', 'voter'] as const, 'time');
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'asc') === 'desc';
  const first = { time: 'v.submit_at', weight: WEIGHT_ORDER, voter: null }[orderBy];
  const page = await keysetPage(
    source.db,
    { sql: `${VOTE_SELECT} WHERE v.proposal_id = $1::numeric`, params: [id] },
    {
      columns: first ? [first, 'v.voter'] : ['v.voter'],
      descending,
      keyOf: (row) =>
        first
          ? [String(orderBy === 'time' ? row.submit_at : row.weight_order), String(row.voter)]
          : [String(row.voter)],
    },
    query.page(),
  );
  return { votes: page.rows.map(voteJson), pagination: page.pagination };
}

async function voterVotes(source: ArchiveSource, address: string, query: ArchiveQuery) {
  if (!isAddress(address)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(address)}`);
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'desc') === 'desc';
  // Filters narrow the whole record in SQL, so "40 match" counts every vote, not the ones loaded.
  const params: SqlValue[] = [address.toLowerCase()];
  let where = 'v.voter = $1';
  if (query.text('option') !== null) {
    params.push(query.oneOf('option', VOTE_OPTIONS, VOTE_OPTIONS[0]));
    where += ` AND v.option = $${params.length}`;
  }
  const groupId = query.uint64('group_id');
  if (groupId !== null) {
    params.push(groupId);
    where += ` AND p.group_id = $${params.length}::numeric`;
  }
  const page = await keysetPage(
    source.db,
    { sql: `${VOTE_SELECT} WHERE ${where}`, params },
    { columns: ['v.proposal_id'], descending, keyOf: (row) => [String(row.proposal_id)] },
    query.page(),
  );
  const votes = page.rows.map((row) => ({
    ...voteJson(row),
    proposal_title: String(row.title),
    proposal_status: String(row.status),
    executor_result: String(row.executor_result),
    group_id: String(row.group_id),
    group_name: String(row.group_name ?? ''),
  }));
  return { votes, pagination: page.pagination };
}

async function groupHistory(source: ArchiveSource, id: string, query: ArchiveQuery) {
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'asc') === 'desc';
  const page = await keysetPage(
    source.db,
    {
      sql: `SELECT group_id::text AS group_id, height::text AS height, seq::text AS seq, block_time, kind, address, old_value,
        new_value FROM group_history WHERE group_id = $1::numeric`,
      params: [id],
    },
    { columns: ['height', 'seq'], descending, keyOf: (row) => [String(row.height), String(row.seq)] },
    query.page(),
  );
  return { events: page.rows.map(groupHistoryJson), pagination: page.pagination };
}

async function upgrades(source: ArchiveSource) {
  const plans = await source.db.query(
    `SELECT name, height::text AS height, info, scheduled_height::text AS scheduled_height,
       applied_height::text AS applied_height, applied_time FROM upgrades ORDER BY height`,
  );
  const changes = await source.db.query(
    'SELECT name, version::text AS version, height::text AS height FROM module_versions ORDER BY height, name',
  );
  const current = new Map<string, { name: string; version: string; since_height: string }>();
  for (const change of changes) {
    const before = current.get(String(change.name));
    if (!before || before.version !== change.version) {
      current.set(String(change.name), {
        name: String(change.name),
        version: String(change.version),
        since_height: String(change.height),
      });
    }
  }
  const plan = (row: Record<string, unknown>) => ({
    name: String(row.name),
    height: String(row.height),
    info: String(row.info),
    scheduled_at_height: row.scheduled_height === null ? null : String(row.scheduled_height),
    applied_height: row.applied_height === null ? null : String(row.applied_height),
    applied_time: row.applied_time === null ? null : String(row.applied_time),
  });
  return {
    applied: plans.filter((row) => row.applied_height !== null).map(plan),
    scheduled: plans.filter((row) => row.applied_height === null).map(plan)[0] ?? null,
    module_versions: [...current.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
    module_version_changes: changes.map((row) => ({
      name: String(row.name),
      version: String(row.version),
      height: String(row.height),
    })),
  };
}

async function status(source: ArchiveSource) {
  const meta = new Map(
    (await source.db.query<{ key: string; value: string }>('SELECT key, value FROM archive_meta')).map((row) => [
      row.key,
      row.value,
    ]),
  );
  const cursor = (await source.db.query('SELECT height::text AS height, block_time FROM archive_cursor'))[0];
  const gaps = await source.db.query(
    'SELECT from_height::text AS from_height, to_height::text AS to_height, reason FROM archive_gaps ORDER BY from_height',
  );
  const state = source.follower.state;
  const latest = cursor ? String(cursor.height) : null;
  const nodeLatest = state.nodeLatestHeight === null ? null : String(state.nodeLatestHeight);
  return {
    chain_id: meta.get('chain_id') ?? null,
    source: source.source,
    phase: state.phase,
    problem: state.problem,
    last_error: state.lastError,
    earliest_height: meta.get('bootstrap_height') ?? null,
    latest_height: latest,
    latest_block_time: cursor ? String(cursor.block_time) : null,
    node_latest_height: nodeLatest,
    lag: latest !== null && nodeLatest !== null ? String(BigInt(nodeLatest) - BigInt(latest)) : null,
    blocks_per_second: Number(state.blocksPerSecond.toFixed(1)),
    gaps: gaps.map((row) => ({
      from_height: String(row.from_height),
      to_height: String(row.to_height),
      reason: String(row.reason),
    })),
  };
}

/** Every archive route: path pattern → handler. Path values come decoded. */
export const ARCHIVE_ROUTES: {
  pattern: RegExp;
  answer: (source: ArchiveSource, match: string[], query: ArchiveQuery) => Promise<unknown>;
}[] = [
  { pattern: /^status$/, answer: (source) => status(source) },
  { pattern: /^proposals$/, answer: (source, _match, query) => proposals(source, query) },
  { pattern: /^proposals\/([^/]+)$/, answer: (source, match) => proposal(source, uint64Path(match[1])) },
  {
    pattern: /^proposals\/([^/]+)\/votes$/,
    answer: (source, match, query) => proposalVotes(source, uint64Path(match[1]), query),
  },
  { pattern: /^voters\/([^/]+)\/votes$/, answer: (source, match, query) => voterVotes(source, match[1], query) },
  {
    pattern: /^groups\/([^/]+)\/history$/,
    answer: (source, match, query) => groupHistory(source, uint64Path(match[1]), query),
  },
  { pattern: /^upgrades$/, answer: (source) => upgrades(source) },
];

function uint64Path(value: string): string {
  if (!/^\d{1,20}$/.test(value) || BigInt(value) > 18446744073709551615n) {
    throw invalidArgument(`type mismatch: ${JSON.stringify(value)} is not a uint64`);
  }
  return BigInt(value).toString();
}
