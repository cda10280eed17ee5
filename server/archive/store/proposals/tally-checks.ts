import { OPEN_STATUS, TALLIED_STATUSES } from '../../vocabulary.ts';
import type { SqlExecutor } from '../db/sql-database.ts';
import { column, wordList, type Table } from '../table.ts';
import { VoteRows, type VoteInput } from '../votes/vote-writes.ts';

// The archive's own recount of every tally it saw the chain take: the votes it holds, at the
// weights they counted with, summed option by option against the chain's final tally. What it
// found is kept: a node whose index hid a vote shows here as a tally that did not add up until
// the voting window was read again block by block.

export const TALLY_CHECKS: Table = {
  name: 'tally_checks',
  columns: [
    column('proposal_id', 'numeric(20)'),
    /** `reconciled`, `reconciled after re-reading` or `differs`. */
    column('outcome', 'text'),
    column('detail', 'text'),
    /** The voting window read again (null: it was not). */
    column('reread_from', 'numeric(20)', { nullable: true }),
    column('reread_to', 'numeric(20)', { nullable: true }),
    column('votes_found', 'integer'),
    column('checked_at', 'timestamptz'),
  ],
  primaryKey: ['proposal_id'],
  indexes: ["CREATE INDEX tally_checks_unsettled ON tally_checks (proposal_id) WHERE outcome <> 'reconciled'"],
  since: 14,
  // Taken with the votes when a gap fill's history replaces the archive's: the fill holds none,
  // so every tally is recounted against the votes the archive holds from then on.
  history: true,
};

/** A proposal the archive saw tallied, and what its votes sum to per option (weights as counted). */
export interface TallyToCheck {
  id: string;
  groupId: string;
  /** The chain's final tally, as the node gave it (JSON of x/group's TallyResult). */
  finalTally: string;
  submitHeight: bigint;
  tallyHeight: bigint;
  /** Per vote option (VOTE_OPTION_YES …): the sum of the counted weights of the votes held. */
  sums: Map<string, string>;
}

const TALLIED = wordList(TALLIED_STATUSES);

/**
 * Tallied proposals not checked yet whose voting and tally the archive followed — from their
 * submission, or from the state it began with while they were open (their earlier votes read from
 * that state) — the tally at or below `upTo`: their votes can be held to the tally.
 * The tally is the first entry of its timeline with a decided status: at voting end, or in the
 * transaction whose vote or execution decided and pruned it.
 */
export async function readTalliesToCheck(db: SqlExecutor, upTo: bigint, limit: number): Promise<TallyToCheck[]> {
  const rows = await db.query<{
    id: string;
    group_id: string;
    final_tally: string;
    submit_height: string;
    tally_height: string;
  }>(
    `SELECT id, group_id, final_tally, submit_height, tally_height FROM (
       SELECT p.id::text AS id, p.group_id::text AS group_id, p.final_tally,
         (SELECT min(t.height) FROM proposal_timeline t WHERE t.proposal_id = p.id
          AND (t.kind = 'submitted' OR (t.kind = 'first_seen' AND t.status = '${OPEN_STATUS}')))::text AS submit_height,
         (SELECT min(t.height) FROM proposal_timeline t
          WHERE t.proposal_id = p.id AND t.status IN (${TALLIED}))::text AS tally_height
       FROM proposals p
       WHERE p.status IN (${TALLIED}) AND NOT EXISTS (SELECT 1 FROM tally_checks c WHERE c.proposal_id = p.id)) due
     WHERE submit_height IS NOT NULL AND tally_height IS NOT NULL AND tally_height::numeric <= $1::numeric
       -- A voting window with heights the archive has not read (a gap) waits for its fill.
       AND NOT EXISTS (SELECT 1 FROM archive_gaps g
                       WHERE g.from_height <= tally_height::numeric AND g.to_height >= submit_height::numeric)
     ORDER BY id::numeric LIMIT $2`,
    [String(upTo), String(limit)],
  );
  if (rows.length === 0) return [];
  const sums = await sumsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    groupId: row.group_id,
    finalTally: row.final_tally,
    submitHeight: BigInt(row.submit_height),
    tallyHeight: BigInt(row.tally_height),
    sums: sums.get(row.id) ?? new Map(),
  }));
}

/** Per proposal, per vote option: the sum of the counted weights of the votes held. */
async function sumsOf(db: SqlExecutor, ids: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const rows = await db.query<{ proposal_id: string; option: string; total: string }>(
    `SELECT proposal_id::text AS proposal_id, option, sum(weight_value)::text AS total FROM votes
     WHERE proposal_id = ANY($1::numeric[]) AND weight_value IS NOT NULL GROUP BY proposal_id, option`,
    [`{${ids.join(',')}}`],
  );
  const sums = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const options = sums.get(row.proposal_id) ?? new Map<string, string>();
    options.set(row.option, row.total);
    sums.set(row.proposal_id, options);
  }
  return sums;
}

/** One proposal's sums (after votes were found). */
export const readTallySums = async (db: SqlExecutor, id: string) => (await sumsOf(db, [id])).get(id) ?? new Map();

/** The voters of a proposal the archive holds a vote of. */
export async function readVoters(db: SqlExecutor, proposalId: string): Promise<Set<string>> {
  const rows = await db.query<{ voter: string }>('SELECT voter FROM votes WHERE proposal_id = $1::numeric', [
    proposalId,
  ]);
  return new Set(rows.map((row) => row.voter));
}

/**
 * Votes found by reading a voting window again, each at the weight its voter held in the group
 * at the tally's height (the group's history says it; a voter who had left counts nothing).
 */
export async function writeFoundVotes(
  tx: SqlExecutor,
  tally: Pick<TallyToCheck, 'id' | 'groupId' | 'tallyHeight'>,
  found: readonly { vote: VoteInput; height: bigint; time: string }[],
): Promise<void> {
  const rows = new VoteRows();
  for (const { vote, height, time } of found) rows.add(vote, height, time);
  await rows.flush(tx);
  await tx.query(
    `UPDATE votes v SET weight = held.weight, weight_value = held.weight::numeric
     FROM (SELECT v2.voter, (SELECT h.new_value FROM group_history h
             WHERE h.group_id = $2::numeric AND h.address = v2.voter AND h.height <= $3::numeric
             ORDER BY h.height DESC, h.seq DESC LIMIT 1) AS weight
           FROM votes v2 WHERE v2.proposal_id = $1::numeric AND v2.voter = ANY($4::text[])) held
     WHERE v.proposal_id = $1::numeric AND v.voter = held.voter`,
    [tally.id, tally.groupId, String(tally.tallyHeight), `{${found.map((entry) => entry.vote.voter).join(',')}}`],
  );
}

export interface TallyCheckResult {
  proposalId: string;
  outcome: 'reconciled' | 'reconciled after re-reading' | 'differs';
  detail: string;
  reread: { from: bigint; to: bigint } | null;
  votesFound: number;
}

export async function recordTallyChecks(tx: SqlExecutor, results: readonly TallyCheckResult[]): Promise<void> {
  for (const result of results)
    await tx.query(
      `INSERT INTO tally_checks (proposal_id, outcome, detail, reread_from, reread_to, votes_found, checked_at)
       VALUES ($1::numeric, $2, $3, $4::numeric, $5::numeric, $6::integer, now()) ON CONFLICT DO NOTHING`,
      [
        result.proposalId,
        result.outcome,
        result.detail,
        result.reread ? String(result.reread.from) : null,
        result.reread ? String(result.reread.to) : null,
        String(result.votesFound),
      ],
    );
}

/** A recount as the API gives it out: the status's list and a proposal's own. */
type TallyCheckRow = {
  outcome: string;
  detail: string;
  reread_from: string | null;
  reread_to: string | null;
  votes_found: number;
};

const TALLY_CHECK_COLUMNS = `outcome, detail, reread_from::text AS reread_from, reread_to::text AS reread_to, votes_found`;

/** How many tallies the archive recounted, and every one that needed a second reading or still differs. */
export async function readTallyCheckSummary(db: SqlExecutor) {
  const [counts] = await db.query<{ checked: string; reconciled: string; reread: string }>(
    `SELECT count(*)::text AS checked, count(*) FILTER (WHERE outcome <> 'differs')::text AS reconciled,
       count(*) FILTER (WHERE outcome = 'reconciled after re-reading')::text AS reread FROM tally_checks`,
  );
  const unsettled = await db.query<TallyCheckRow & { proposal_id: string }>(
    `SELECT proposal_id::text AS proposal_id, ${TALLY_CHECK_COLUMNS} FROM tally_checks WHERE outcome <> 'reconciled'
     ORDER BY proposal_id DESC LIMIT 50`,
  );
  return {
    checked: counts?.checked ?? '0',
    reconciled: counts?.reconciled ?? '0',
    reread: counts?.reread ?? '0',
    unsettled,
  };
}

/** The archive's recount of one proposal's tally; null until it is tallied and recounted. */
export async function readTallyCheck(db: SqlExecutor, proposalId: string) {
  const [row] = await db.query<TallyCheckRow>(
    `SELECT ${TALLY_CHECK_COLUMNS} FROM tally_checks WHERE proposal_id = $1::numeric`,
    [proposalId],
  );
  return row ?? null;
}
