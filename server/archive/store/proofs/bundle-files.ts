import type { SqlExecutor } from '../db/sql-database.ts';
import { column, type Table } from '../table.ts';

// Proof bundles that can no longer change (a pruned proposal's, its votes', an applied upgrade's),
// kept as the bytes first served: built once, then every reader of this database, and any cache
// in front of it, answers repeats with those bytes and their SHA-256 as the ETag.

export const PROOF_BUNDLES: Table = {
  name: 'proof_bundles',
  columns: [
    // The API path and its query, as asked (`proofs/proposals/7?page=2`).
    column('request', 'text'),
    column('sha256', 'text'),
    column('body', 'text'),
    column('kept_at', 'timestamptz', { extra: 'DEFAULT now()' }),
  ],
  primaryKey: ['request'],
  since: 16,
};

export interface KeptBundle {
  sha256: string;
  body: string;
}

export async function readKeptBundle(db: SqlExecutor, request: string): Promise<KeptBundle | null> {
  const [row] = await db.query<{ sha256: string; body: string }>(
    'SELECT sha256, body FROM proof_bundles WHERE request = $1',
    [request],
  );
  return row ?? null;
}

/** Keeps a bundle's bytes; the first kept stays (the same request gives the same bytes). */
export async function keepBundle(db: SqlExecutor, request: string, bundle: KeptBundle): Promise<void> {
  await db.query(
    'INSERT INTO proof_bundles (request, sha256, body) VALUES ($1, $2, $3) ON CONFLICT (request) DO NOTHING',
    [request, bundle.sha256, bundle.body],
  );
}
