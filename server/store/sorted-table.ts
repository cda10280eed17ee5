import { flat } from './keys.ts';

// A table ordered by byte keys (held as latin1 strings, so JS string order is byte order).
// It stands in for one prefix range of the SDK's KV store: point reads are a binary search,
// and a page starts with a binary search, so a page costs the same at 1k rows as at 1M.

export class SortedTable<V> {
  private keys: string[] = [];
  private vals: V[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** First position whose key is >= key. */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  get(key: string): V | undefined {
    const i = this.lowerBound(key);
    return this.keys[i] === key ? this.vals[i] : undefined;
  }

  set(rawKey: string, value: V): void {
    const key = flat(rawKey);
    const i = this.lowerBound(key);
    if (this.keys[i] === key) {
      this.vals[i] = value;
      return;
    }
    if (i === this.keys.length) {
      this.keys.push(key);
      this.vals.push(value);
      return;
    }
    this.keys.splice(i, 0, key);
    this.vals.splice(i, 0, value);
  }

  delete(key: string): boolean {
    const i = this.lowerBound(key);
    if (this.keys[i] !== key) return false;
    this.keys.splice(i, 1);
    this.vals.splice(i, 1);
    return true;
  }

  keyAt(i: number): string {
    return this.keys[i];
  }

  valueAt(i: number): V {
    return this.vals[i];
  }

  values(): V[] {
    return this.vals.slice();
  }

  /** Loads many rows at once (building a large state), sorting once instead of per row. */
  bulkLoad(rows: [string, V][]): void {
    for (const [k, v] of rows) {
      this.keys.push(flat(k));
      this.vals.push(v);
    }
    const order = this.keys
      .map((_, i) => i)
      .sort((a, b) => (this.keys[a] < this.keys[b] ? -1 : this.keys[a] > this.keys[b] ? 1 : 0));
    this.keys = order.map((i) => this.keys[i]);
    this.vals = order.map((i) => this.vals[i]);
  }
}

/** Map of tables created on first write (one table per index search key). */
export class TableMap<V> {
  private tables = new Map<string, SortedTable<V>>();
  private static readonly EMPTY = new SortedTable<never>();

  of(searchKey: string): SortedTable<V> {
    return this.tables.get(searchKey) ?? (TableMap.EMPTY as SortedTable<V>);
  }

  ensure(searchKey: string): SortedTable<V> {
    let t = this.tables.get(searchKey);
    if (!t) {
      t = new SortedTable<V>();
      this.tables.set(searchKey, t);
    }
    return t;
  }

  set(searchKey: string, rowKey: string, v: V): void {
    this.ensure(searchKey).set(rowKey, v);
  }

  delete(searchKey: string, rowKey: string): void {
    const t = this.tables.get(searchKey);
    if (!t) return;
    t.delete(rowKey);
    if (t.size === 0) this.tables.delete(searchKey);
  }
}
