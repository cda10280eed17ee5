import type { SqlDatabase, SqlExecutor } from '../archive/store/db/sql-database.ts';

// A made-up archive of a million votes (with their proposals, groups, policies and timelines),
// written straight into the schema: what the benchmarks measure the archive API against.

/** A million votes over 10,000 proposals of 100 groups; voter 50 votes on every proposal. */
export async function fillMillionVotes(db: SqlDatabase, busyVoter: string): Promise<void> {
  await db.exec(`
    INSERT INTO groups SELECT g, 'cosmos1admin', '{"name":"Group ' || g || '"}', 'Group ' || g, 1, '100', '2026-01-01T00:00:00.000000001Z', 1, 1
      FROM generate_series(1, 100) g;
    INSERT INTO policies SELECT 'cosmos1policy' || g, g, 'cosmos1admin', '', 'Policy ' || g, 1, '{}', '2026-01-01T00:00:00Z', 1
      FROM generate_series(1, 100) g;
    INSERT INTO proposals (id, group_id, policy_address, proposers, metadata, title, summary, messages, submit_time, submit_at,
        voting_period_end, voting_ends_at, group_version, group_policy_version, status, executor_result, final_tally, on_chain,
        pruned_height, known_from, last_height)
      SELECT p, 1 + p % 100, 'cosmos1policy' || (1 + p % 100), '["cosmos1voter' || p % 997 || '"]', '', 'Proposal ' || p || ' budget round',
        'Summary of ' || p, '[]', '2026-01-01T00:00:00Z', timestamptz '2026-01-01' + p * interval '1 minute', '2026-01-02T00:00:00Z',
        timestamptz '2026-01-02' + p * interval '1 minute', 1, 1,
        CASE WHEN p % 10 = 0 THEN 'PROPOSAL_STATUS_SUBMITTED' ELSE 'PROPOSAL_STATUS_ACCEPTED' END, 'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
        '{"yes_count":"1","abstain_count":"0","no_count":"0","no_with_veto_count":"0"}', p % 10 = 0, NULL, 1, 1
      FROM generate_series(1, 10000) p;
    INSERT INTO proposal_proposers SELECT p, 'cosmos1voter' || p % 997 FROM generate_series(1, 10000) p;
    INSERT INTO proposal_timeline SELECT p, 1 + p, 1, '2026-01-01T00:00:00Z', 'submitted', 'PROPOSAL_STATUS_SUBMITTED', NULL
      FROM generate_series(1, 10000) p;
    INSERT INTO group_history SELECT 1 + i % 100, i, 0, '2026-01-01T00:00:00Z', 'member_added', 'cosmos1voter' || i, NULL, '1'
      FROM generate_series(1, 20000) i;
    INSERT INTO votes SELECT 1 + v % 10000, CASE WHEN v / 10000 = 50 THEN '${busyVoter.replace(/[^a-z0-9]/g, '')}' ELSE 'cosmos1voter' || (v / 10000) END, 'VOTE_OPTION_YES', '', '2026-01-01T00:00:00Z',
        timestamptz '2026-01-01' + v * interval '1 second', v, (1 + v % 7)::text, 1 + v % 7
      FROM generate_series(0, 999999) v;
    ANALYZE;
  `);
}

/** The database's size on disk, in bytes (text: it can pass 2^53). */
export async function databaseSize(db: SqlExecutor): Promise<string> {
  return (await db.query<{ size: string }>('SELECT pg_database_size(current_database())::text AS size'))[0].size;
}

/** A proven vote of the chain, copied under `count` made-up voters' keys of its proposal: its id. */
export async function copyProvenVote(db: SqlExecutor, count: number): Promise<string> {
  const [row] = await db.query<{ subject_key: string; height: string; evidence: string }>(
    `SELECT subject_key, height::text AS height, evidence FROM fact_proofs WHERE subject = 'vote' AND verified LIMIT 1`,
  );
  if (!row) throw new Error('no proven vote to copy');
  const proposal = row.subject_key.split('/')[0];
  await db.query(
    `INSERT INTO fact_proofs (subject, subject_key, height, verified, record_version, evidence, reason)
     SELECT 'vote', $1 || '/cosmos1bench' || lpad(n::text, 6, '0'), $2::numeric, true, '1', $3, NULL
     FROM generate_series(1, $4::int) AS n ON CONFLICT DO NOTHING`,
    [proposal, row.height, row.evidence, String(count)],
  );
  return proposal;
}
