import type { SqlExecutor, SqlValue } from './db/sql-database.ts';

// A table of the archive is described once, here and in its subject's module: the migration's
// CREATE TABLE and every batched INSERT are made from the same column list, so the two cannot
// drift apart.

export interface Column {
  readonly name: string;
  /** The SQL type, as declared (`numeric(20)`, `text`, `timestamptz` …). */
  readonly type: string;
  readonly nullable?: boolean;
  /** Anything the declaration carries after the type (a default, a check). */
  readonly extra?: string;
  /** A generated column: never inserted. */
  readonly generated?: string;
  /** The migration that adds the column to its table (1: it came with the table). */
  readonly since?: number;
}

/** An index of a table: the whole statement, and the migration that creates it (1: it came with the table). */
export interface Index {
  readonly sql: string;
  readonly since?: number;
}

export interface Table {
  readonly name: string;
  readonly columns: readonly Column[];
  readonly primaryKey: readonly string[];
  readonly indexes?: readonly (string | Index)[];
  /** The migration that creates the table (1: the first). */
  readonly since?: number;
  /**
   * Part of the chain's history as followed: a gap fill rebuilds it beside the archive and the
   * archive takes it whole. Not so for what the archive keeps about itself (who writes it, its
   * webhooks, its chain's id), which a fill must leave as it is.
   */
  readonly history?: boolean;
}

export function column(name: string, type: string, options: Omit<Column, 'name' | 'type'> = {}): Column {
  return { name, type, ...options };
}

const declaration = (entry: Column) =>
  [
    entry.name,
    entry.type,
    entry.generated ? `GENERATED ALWAYS AS (${entry.generated}) STORED` : null,
    entry.nullable || entry.generated ? null : 'NOT NULL',
    entry.extra ?? null,
  ]
    .filter((part) => part !== null)
    .join(' ');

const indexOf = (entry: string | Index): Required<Index> =>
  typeof entry === 'string' ? { sql: entry, since: 1 } : { sql: entry.sql, since: entry.since ?? 1 };

/**
 * What migration `migration` does to a table: creates it as that migration made it (columns and
 * indexes of later migrations come with those), or adds the columns and indexes it brings.
 */
export function migrationStatements(table: Table, migration: number): string[] {
  const created = table.since ?? 1;
  if (created > migration) return [];
  const indexes = (table.indexes ?? []).map(indexOf);
  if (created === migration) {
    const declarations = table.columns.filter((entry) => (entry.since ?? 1) <= migration).map(declaration);
    declarations.push(`PRIMARY KEY (${table.primaryKey.join(', ')})`);
    return [
      `CREATE TABLE ${table.name} (\n  ${declarations.join(',\n  ')}\n)`,
      ...indexes.filter((index) => index.since <= migration).map((index) => index.sql),
    ];
  }
  return [
    ...table.columns
      .filter((entry) => entry.since === migration)
      .map((entry) => `ALTER TABLE ${table.name} ADD COLUMN ${declaration(entry)}`),
    ...indexes.filter((index) => index.since === migration).map((index) => index.sql),
  ];
}

/** The columns an INSERT names, in the order rows give their values. */
export const insertedColumns = (table: Table): readonly Column[] => table.columns.filter((entry) => !entry.generated);

/** Where a column sits in an inserted row. */
export function positionOf(table: Table, name: string): number {
  const position = insertedColumns(table).findIndex((entry) => entry.name === name);
  if (position === -1) throw new Error(`${table.name} has no column ${name}`);
  return position;
}

/**
 * Each column is one array parameter, so these only bound one statement's size: its rows, and
 * its text (proposals carry their messages; PGlite's WASM memory keeps its largest statement's).
 */
const ROWS_PER_STATEMENT = 5_000;
const TEXT_PER_STATEMENT = 4_000_000;

/** A parameter's cast: the declared type without its precision (`numeric(20)` → `numeric`). */
const castOf = (entry: Column) => entry.type.replace(/\(.*\)$/, '');

/**
 * One column's values as a PostgreSQL array literal. Every element is quoted, so on-chain text
 * (attacker-written: commas, braces, quotes, backslashes, `NULL` as a word) stays one element.
 */
export function arrayLiteral(values: readonly SqlValue[]): string {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    const text = typeof value === 'boolean' ? (value ? 't' : 'f') : String(value);
    return `"${text.replace(/[\\"]/g, (special) => `\\${special}`)}"`;
  });
  return `{${elements.join(',')}}`;
}

export interface RowsStatement {
  /** Appended to `INSERT INTO table (columns) SELECT … FROM rows`. */
  readonly conflict: string;
  /**
   * The whole statement, for rows that take more than they are given: `rows` is a FROM item
   * naming the given columns as `n`.
   */
  readonly statement?: (rows: string) => string;
}

/**
 * Inserts rows with one array parameter per column, unnested: a statement's text and its number
 * of parameters stay the same however many rows it carries (a VALUES list of one parameter per
 * cell made parsing and binding grow with the rows, and dominated writing a snapshot of thousands
 * of members).
 */
export async function insertRows(
  tx: SqlExecutor,
  table: Table,
  rows: readonly SqlValue[][],
  how: RowsStatement,
): Promise<void> {
  const columns = insertedColumns(table);
  const names = columns.map((entry) => entry.name).join(', ');
  const arrays = columns.map((entry, index) => `$${index + 1}::${castOf(entry)}[]`).join(', ');
  const source = `unnest(${arrays}) AS n (${names})`;
  const sql = how.statement
    ? how.statement(source)
    : `INSERT INTO ${table.name} (${names}) SELECT ${names} FROM ${source} ${how.conflict}`;
  for (const chunk of statementChunks(rows)) {
    await tx.query(sql, columnArrays(chunk, ...columns.map((_, index) => (row: readonly SqlValue[]) => row[index])));
  }
}

/**
 * Items split so that no key appears twice in one round: a key's first item goes in the first
 * round, its second in the second, and so on. One upsert per round then keeps each key's order
 * (a statement may not touch a row twice).
 */
export function inRounds<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const round = seen.get(keyOf(item)) ?? 0;
    seen.set(keyOf(item), round + 1);
    (rounds[round] ??= []).push(item);
  }
  return rounds;
}

/** Each value getter's values over `items`, as array literals: one parameter per column. */
export const columnArrays = <T>(items: readonly T[], ...values: ((item: T) => SqlValue)[]): string[] =>
  values.map((value) => arrayLiteral(items.map(value)));

/** Rows cut into statements of at most ROWS_PER_STATEMENT rows and about TEXT_PER_STATEMENT characters. */
function* statementChunks(rows: readonly SqlValue[][]): Generator<readonly SqlValue[][]> {
  let [start, text] = [0, 0];
  for (let index = 0; index < rows.length; index++) {
    const size = rows[index].reduce((sum, value) => sum + (typeof value === 'string' ? value.length : 1), 0);
    if (index > start && (index - start >= ROWS_PER_STATEMENT || text + size > TEXT_PER_STATEMENT)) {
      yield rows.slice(start, index);
      [start, text] = [index, 0];
    }
    text += size;
  }
  if (start < rows.length) yield rows.slice(start);
}

/** `$1::numeric, $2::numeric …` for a list of ids bound from `offset + 1`. */
export const numericList = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `$${offset + index + 1}::numeric`).join(', ');

/** `'A', 'B'`: an SQL list of words from the archive's vocabulary (never of user input). */
export const wordList = (words: readonly string[]) => words.map((word) => `'${word}'`).join(', ');
