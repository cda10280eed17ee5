import { createHash } from 'node:crypto';

import pg from 'pg';

// Which schema of a shared PostgreSQL database holds a chain's archive. Several Polity processes,
// each with a chain of its own, may be given one database: each chain's archive lives in a schema
// named after its chain id, so none ever meets another chain's tables. An archive that an earlier
// Polity kept in the default schema stays there, for the chain it holds.

/** A schema name for a chain id: lowercase letters, digits and `_`, with a hash to keep ids apart. */
export function schemaOfChain(chainId: string): string {
  const readable = chainId
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  const digest = createHash('sha256').update(chainId).digest('hex').slice(0, 8);
  return `chain_${readable}_${digest}`;
}

/** The schema for `chainId`'s archive in `database`; undefined: the default one, which already holds it. */
export async function chainSchema(database: string, chainId: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const held = await client
      .query<{ value: string }>(
        `SELECT value FROM public.archive_meta WHERE key = 'chain_id' AND to_regclass('public.archive_meta') IS NOT NULL`,
      )
      .catch(() => ({ rows: [] as { value: string }[] }));
    return held.rows[0]?.value === chainId ? undefined : schemaOfChain(chainId);
  } finally {
    await client.end();
  }
}
