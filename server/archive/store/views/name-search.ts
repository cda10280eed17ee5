import type { SqlExecutor } from '../db/sql-database.ts';

// Groups and policies found by name, for the dashboard's search box: every word must appear in
// the name (any case); names that begin with the first word come first.

export type NamedGroup = {
  id: string;
  name: string;
  metadata: string;
  total_weight: string;
};

export type NamedPolicy = {
  address: string;
  group_id: string;
  name: string;
  metadata: string;
};

const likePattern = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function wordConditions(words: readonly string[], first: number) {
  return words.map((_, index) => `lower(name) LIKE $${first + index} ESCAPE '\\'`).join(' AND ');
}

export async function readNamed(
  db: SqlExecutor,
  words: readonly string[],
  limit: number,
): Promise<{ groups: NamedGroup[]; policies: NamedPolicy[] }> {
  const prefix = `${words[0].toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const params = [prefix, ...words.map(likePattern), String(limit)];
  const where = wordConditions(words, 2);
  const order = `(lower(name) LIKE $1 ESCAPE '\\') DESC, length(name)`;
  const groups = await db.query<NamedGroup>(
    `SELECT id::text AS id, name, metadata, total_weight FROM groups
     WHERE name <> '' AND ${where} ORDER BY ${order}, id LIMIT $${params.length}`,
    params,
  );
  const policies = await db.query<NamedPolicy>(
    `SELECT address, group_id::text AS group_id, name, metadata FROM policies
     WHERE name <> '' AND ${where} ORDER BY ${order}, address LIMIT $${params.length}`,
    params,
  );
  return { groups, policies };
}
