import type { ReadTable } from './versioned-table.ts';

/** The first key after every key that starts with `prefix` (null: no such key, run to the end). */
function prefixEnd(prefix: string): string | null {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const code = prefix.charCodeAt(i);
    if (code < 0xff) return prefix.slice(0, i) + String.fromCharCode(code + 1);
  }
  return null;
}

/**
 * The rows of one index entry, as the ORM's PrefixScan sees them: every key that starts with
 * `prefix`, addressed by RowID. In a secondary index the key is prefix ‖ RowID, so the prefix is
 * cut off (`prefixInRowId` false); in a primary table the prefix is the RowID's own first part.
 */
export class KeyRange<V> implements ReadTable<V> {
  private readonly start: number;
  private readonly end: number;

  constructor(
    private readonly table: ReadTable<V>,
    private readonly prefix: string,
    private readonly prefixInRowId: boolean,
  ) {
    this.start = table.lowerBound(prefix);
    const after = prefixEnd(prefix);
    this.end = after === null ? table.size : table.lowerBound(after);
  }

  get size(): number {
    return this.end - this.start;
  }

  private fullKey(rowId: string): string {
    return this.prefixInRowId ? rowId : this.prefix + rowId;
  }

  lowerBound(rowId: string): number {
    const position = this.table.lowerBound(this.fullKey(rowId));
    return Math.min(Math.max(position, this.start), this.end) - this.start;
  }

  get(rowId: string): V | undefined {
    const key = this.fullKey(rowId);
    return key.startsWith(this.prefix) ? this.table.get(key) : undefined;
  }

  keyAt(index: number): string {
    const key = this.table.keyAt(this.start + index);
    return this.prefixInRowId ? key : key.slice(this.prefix.length);
  }

  valueAt(index: number): V {
    return this.table.valueAt(this.start + index);
  }

  slice(start: number, end: number): V[] {
    return this.table.slice(this.start + start, this.start + end);
  }

  values(): V[] {
    return this.slice(0, this.size);
  }
}

/** A non-final []byte part of an ORM key: one length byte, then the bytes. */
export const lengthPrefixed = (bytes: string) => String.fromCharCode(bytes.length) + bytes;
