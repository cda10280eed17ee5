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

export interface Table {
  readonly name: string;
  readonly columns: readonly Column[];
  readonly primaryKey: readonly string[];
  /** Index declarations (whole statements). */
  readonly indexes?: readonly string[];
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

/**
 * The statements that create a table and its indexes as migration `migration` made it: columns
 * added by later migrations come with those (see addedColumnStatements).
 */
export function createTableStatements(table: Table, migration = 1): string[] {
  const declarations = table.columns.filter((entry) => (entry.since ?? 1) <= migration).map(declaration);
  declarations.push(`PRIMARY KEY (${table.primaryKey.join(', ')})`);
  return [`CREATE TABLE ${table.name} (\n  ${declarations.join(',\n  ')}\n)`, ...(table.indexes ?? [])];
}

/** The columns migration `migration` adds to a table made before it. */
export function addedColumnStatements(table: Table, migration: number): string[] {
  return table.columns
    .filter((entry) => entry.since === migration)
    .map((entry) => `ALTER TABLE ${table.name} ADD COLUMN ${declaration(entry)}`);
}

/** The columns an INSERT names, in the order rows give their values. */
export const insertedColumns = (table: Table): readonly Column[] => table.columns.filter((entry) => !entry.generated);

/** Where a column sits in an inserted row. */
export function positionOf(table: Table, name: string): number {
  const position = insertedColumns(table).findIndex((entry) => entry.name === name);
  if (position === -1) throw new Error(`${table.name} has no column ${name}`);
  return position;
}

/** Bind parameters per statement, well under PostgreSQL's limit of 65,535. */
const PARAMS_PER_STATEMENT = 4_000;

/** A parameter's cast: the declared type without its precision (`numeric(20)` → `numeric`). */
const castOf = (entry: Column) => entry.type.replace(/\(.*\)$/, '');

export interface RowsStatement {
  /** Appended to `INSERT INTO table (columns) VALUES …`. */
  readonly conflict: string;
  /** Turns the VALUES list into the whole statement, for rows that take more than they are given. */
  readonly statement?: (values: string) => string;
}

/**
 * Inserts rows in as few statements as the parameter limit allows: on PGlite each statement
 * costs far more than the row it carries.
 */
export async function insertRows(
  tx: SqlExecutor,
  table: Table,
  rows: readonly SqlValue[][],
  how: RowsStatement,
): Promise<void> {
  const columns = insertedColumns(table);
  const perStatement = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns.length));
  const names = columns.map((entry) => entry.name).join(', ');
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: SqlValue[] = [];
    const values = rows.slice(start, start + perStatement).map((row) => {
      const cells = row.map((value, index) => {
        params.push(value);
        return `$${params.length}::${castOf(columns[index])}`;
      });
      return `(${cells.join(', ')})`;
    });
    const sql = how.statement
      ? how.statement(values.join(', '))
      : `INSERT INTO ${table.name} (${names}) VALUES ${values.join(', ')} ${how.conflict}`;
    await tx.query(sql, params);
  }
}

/** `$1::numeric, $2::numeric …` for a list of ids bound from `offset + 1`. */
export const numericList = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `$${offset + index + 1}::numeric`).join(', ');

/** `'A', 'B'`: an SQL list of words from the archive's vocabulary (never of user input). */
export const wordList = (words: readonly string[]) => words.map((word) => `'${word}'`).join(', ');
