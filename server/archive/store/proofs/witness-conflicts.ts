import type { ConflictEvidence } from '../../node-records.ts';
import type { SqlExecutor } from '../db/sql-database.ts';

// Evidence of a witness that named another header than the node: both signed headers, kept for
// as long as the archive is (a person decides which node lied; nothing here deletes it).

const KEY = 'witness_conflicts';

export async function readWitnessConflicts(db: SqlExecutor): Promise<ConflictEvidence[]> {
  const rows = await db.query<{ value: string }>('SELECT value FROM archive_meta WHERE key = $1', [KEY]);
  return rows[0] ? (JSON.parse(rows[0].value) as ConflictEvidence[]) : [];
}

/** Adds a conflict to those kept (one per height and witness). */
export async function keepWitnessConflict(db: SqlExecutor, evidence: ConflictEvidence): Promise<void> {
  const kept = await readWitnessConflicts(db);
  if (kept.some((old) => old.height === evidence.height && old.witness.url === evidence.witness.url)) return;
  await db.query(
    'INSERT INTO archive_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [KEY, JSON.stringify([...kept, evidence])],
  );
}
