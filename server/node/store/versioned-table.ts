import { flat } from './keys.ts';

// An ordered table of byte keys (latin1 strings, so string order is byte order) that can be
// frozen at every block in O(1): rows live in chunks of a few hundred, a snapshot shares every
// chunk, and the live table copies only the chunks it writes afterwards (copy-on-write). Rows
// are also addressable by position, so a page at an offset or a count costs a binary search.

const MAX_CHUNK = 512;
const SPLIT_AT = MAX_CHUNK / 2;

interface Chunk<V> {
  keys: string[];
  values: V[];
  /** The table generation that may write this chunk in place; older chunks are shared. */
  generation: number;
}

/** First index in a sorted key array whose key is >= key. */
function searchKeys(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid] < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** What a query reads: the rows of one table, or of one key range of it, by key and position. */
export interface ReadTable<V> {
  readonly size: number;
  /** First position whose key is >= key. */
  lowerBound(key: string): number;
  get(key: string): V | undefined;
  keyAt(index: number): string;
  valueAt(index: number): V;
  /** Rows [start, end) in order (start > end walks backwards), without a search per row. */
  slice(start: number, end: number): V[];
  /** Every row, in key order. */
  values(): V[];
}

/** Who hears of a live table's writes (a store's IAVL tree), with the row each one replaced. */
export interface TableObserver<V> {
  set(key: string, value: V, previous: V | undefined): void;
  delete(key: string, previous: V): void;
}

export class VersionedTable<V> implements ReadTable<V> {
  observer: TableObserver<V> | null = null;

  private chunks: Chunk<V>[] = [];
  /** Position of each chunk's first row. */
  private starts: number[] = [];
  private rowCount = 0;
  private generation = 0;
  /** Whether `chunks`/`starts` are shared with a snapshot and must be copied before a write. */
  private shared = false;
  private readonly frozen: boolean;

  constructor(frozen = false) {
    this.frozen = frozen;
  }

  get size(): number {
    return this.rowCount;
  }

  /** A read-only copy of the table as it is now; later writes do not reach it. */
  snapshot(): ReadTable<V> {
    const copy = new VersionedTable<V>(true);
    copy.chunks = this.chunks;
    copy.starts = this.starts;
    copy.rowCount = this.rowCount;
    this.shared = true;
    this.generation++;
    return copy;
  }

  private chunkIndexOfKey(key: string): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.chunks[mid].keys[0] <= key) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  private chunkIndexOfPosition(position: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.starts[mid] <= position) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  lowerBound(key: string): number {
    if (this.chunks.length === 0) return 0;
    const chunkIndex = this.chunkIndexOfKey(key);
    return this.starts[chunkIndex] + searchKeys(this.chunks[chunkIndex].keys, key);
  }

  get(key: string): V | undefined {
    if (this.chunks.length === 0) return undefined;
    const chunk = this.chunks[this.chunkIndexOfKey(key)];
    const index = searchKeys(chunk.keys, key);
    return chunk.keys[index] === key ? chunk.values[index] : undefined;
  }

  keyAt(index: number): string {
    const chunkIndex = this.chunkIndexOfPosition(index);
    return this.chunks[chunkIndex].keys[index - this.starts[chunkIndex]];
  }

  valueAt(index: number): V {
    const chunkIndex = this.chunkIndexOfPosition(index);
    return this.chunks[chunkIndex].values[index - this.starts[chunkIndex]];
  }

  slice(start: number, end: number): V[] {
    const out: V[] = [];
    if (start === end || this.rowCount === 0) return out;
    const step = start < end ? 1 : -1;
    let chunkIndex = this.chunkIndexOfPosition(start);
    let offset = start - this.starts[chunkIndex];
    for (let position = start; position !== end; position += step) {
      out.push(this.chunks[chunkIndex].values[offset]);
      offset += step;
      if (offset >= this.chunks[chunkIndex].keys.length) {
        chunkIndex++;
        offset = 0;
      } else if (offset < 0 && chunkIndex > 0) {
        chunkIndex--;
        offset = this.chunks[chunkIndex].keys.length - 1;
      }
    }
    return out;
  }

  values(): V[] {
    return this.slice(0, this.rowCount);
  }

  private writable(chunkIndex: number): Chunk<V> {
    if (this.frozen) throw new Error('a table snapshot is read-only');
    if (this.shared) {
      this.chunks = this.chunks.slice();
      this.starts = this.starts.slice();
      this.shared = false;
    }
    const chunk = this.chunks[chunkIndex];
    if (chunk.generation === this.generation) return chunk;
    const copy = { keys: chunk.keys.slice(), values: chunk.values.slice(), generation: this.generation };
    this.chunks[chunkIndex] = copy;
    return copy;
  }

  private shiftStarts(fromChunk: number, delta: number): void {
    for (let i = fromChunk; i < this.starts.length; i++) this.starts[i] += delta;
    this.rowCount += delta;
  }

  set(rawKey: string, value: V): void {
    const key = flat(rawKey);
    if (this.observer) {
      const previous = this.get(key);
      this.write(key, value);
      this.observer.set(key, value, previous);
      return;
    }
    this.write(key, value);
  }

  /** Every row in key order, by chunk, without a search per row. */
  forEach(visit: (key: string, value: V) => void): void {
    for (const chunk of this.chunks) for (let i = 0; i < chunk.keys.length; i++) visit(chunk.keys[i], chunk.values[i]);
  }

  /**
   * Every row by chunk, in key order, as the table's own arrays: a reader may keep them, since
   * the table copies a chunk before it next writes it (as after a snapshot).
   */
  forEachChunk(visit: (keys: readonly string[], values: readonly V[]) => void): void {
    this.shared = true;
    this.generation++;
    for (const chunk of this.chunks) visit(chunk.keys, chunk.values);
  }

  private write(key: string, value: V): void {
    if (this.chunks.length === 0) {
      if (this.frozen) throw new Error('a table snapshot is read-only');
      if (this.shared) {
        this.chunks = [];
        this.starts = [];
        this.shared = false;
      }
      this.chunks.push({ keys: [key], values: [value], generation: this.generation });
      this.starts.push(0);
      this.rowCount = 1;
      return;
    }
    const chunkIndex = this.chunkIndexOfKey(key);
    const chunk = this.writable(chunkIndex);
    const low = searchKeys(chunk.keys, key);
    if (chunk.keys[low] === key) {
      chunk.values[low] = value;
      return;
    }
    chunk.keys.splice(low, 0, key);
    chunk.values.splice(low, 0, value);
    this.shiftStarts(chunkIndex + 1, 1);
    if (chunk.keys.length > MAX_CHUNK) this.split(chunkIndex);
  }

  private split(chunkIndex: number): void {
    const chunk = this.chunks[chunkIndex];
    const tail: Chunk<V> = {
      keys: chunk.keys.splice(SPLIT_AT),
      values: chunk.values.splice(SPLIT_AT),
      generation: this.generation,
    };
    this.chunks.splice(chunkIndex + 1, 0, tail);
    this.starts.splice(chunkIndex + 1, 0, this.starts[chunkIndex] + chunk.keys.length);
  }

  delete(key: string): boolean {
    if (this.chunks.length === 0) return false;
    const chunkIndex = this.chunkIndexOfKey(key);
    const low = searchKeys(this.chunks[chunkIndex].keys, key);
    if (this.chunks[chunkIndex].keys[low] !== key) return false;
    const chunk = this.writable(chunkIndex);
    const previous = chunk.values[low];
    chunk.keys.splice(low, 1);
    chunk.values.splice(low, 1);
    this.shiftStarts(chunkIndex + 1, -1);
    this.observer?.delete(key, previous);
    if (chunk.keys.length === 0) {
      this.chunks.splice(chunkIndex, 1);
      this.starts.splice(chunkIndex, 1);
    }
    return true;
  }

  /** Adds many rows at once (building a large state), sorting once instead of per row. */
  bulkLoad(rows: [string, V][]): void {
    const all: [string, V][] = [];
    for (let i = 0; i < this.rowCount; i++) all.push([this.keyAt(i), this.valueAt(i)]);
    for (const [key, value] of rows) all.push([flat(key), value]);
    all.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    if (this.frozen) throw new Error('a table snapshot is read-only');
    this.chunks = [];
    this.starts = [];
    this.shared = false;
    for (let i = 0; i < all.length; i += SPLIT_AT) {
      const part = all.slice(i, i + SPLIT_AT);
      this.chunks.push({
        keys: part.map((row) => row[0]),
        values: part.map((row) => row[1]),
        generation: this.generation,
      });
      this.starts.push(i);
    }
    this.rowCount = all.length;
    if (this.observer) for (const [key, value] of rows) this.observer.set(flat(key), value, undefined);
  }
}
