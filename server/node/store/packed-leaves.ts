import { EMPTY_VALUE_HASH, NodeBytes, valueHash } from './iavl-hash.ts';
import { emptyValue, finishPriority, mixByte, PRIORITY_SEED, type ValueEncoder } from './iavl-tree.ts';
import { writeU32 } from './packed-hash-jobs.ts';
import type { BatchPoster } from './packed-hash-share.ts';
import type { LeafRun } from './packed-tree.ts';

// A packed tree's leaves, in key order: each key's bytes are written once, its priority mixed
// from them and its order checked against the previous key's. Then either the leaf is hashed
// here (LeafHasher), or its message and value go into a batch that another thread hashes
// (LeafBatcher, packed-hash-share.ts).

/** Writes keys' bytes, mixing each key's priority and checking the keys come in order. */
class KeyWriter {
  private previous: Uint8Array = new Uint8Array(64);
  private previousLength = -1;

  /** Writes prefix + tail into `into` at `at`, returning the key's priority. */
  write(prefix: string, tail: string, into: Uint8Array, at: number, index: number): number {
    let mix = PRIORITY_SEED;
    let offset = at;
    for (let c = 0; c < prefix.length; c++) mix = mixByte(mix, (into[offset++] = prefix.charCodeAt(c)));
    for (let c = 0; c < tail.length; c++) mix = mixByte(mix, (into[offset++] = tail.charCodeAt(c)));
    const length = offset - at;
    if (!this.follows(into, at, length)) throw new Error(`store entries out of key order at ${index}`);
    if (this.previous.length < length) this.previous = new Uint8Array(length * 2);
    for (let c = 0; c < length; c++) this.previous[c] = into[at + c];
    this.previousLength = length;
    return finishPriority(mix);
  }

  /** Whether the key at bytes[start, start + length) comes strictly after the previous one. */
  private follows(bytes: Uint8Array, start: number, length: number): boolean {
    if (this.previousLength < 0) return true;
    const common = Math.min(length, this.previousLength);
    for (let i = 0; i < common; i++) {
      const difference = bytes[start + i] - this.previous[i];
      if (difference !== 0) return difference > 0;
    }
    return length > this.previousLength;
  }
}

interface LeafArrays {
  readonly leafVersions: Uint32Array;
  readonly priorities: Uint32Array;
  readonly leafHashes: Uint8Array;
}

const putHash = (into: Uint8Array, index: number, hash: string) => {
  for (let i = 0; i < 32; i++) into[index * 32 + i] = hash.charCodeAt(i);
};

/** A value's bytes, written in place when its encoder can. */
function valueBytesOf(encode: ValueEncoder, record: unknown, scratch: NodeBytes): Uint8Array {
  if (!encode.encodeInto) return encode(record);
  let length = encode.encodeInto(record, scratch.bytes, 0);
  if (length < 0) {
    scratch.reserve(encode(record).length);
    length = encode.encodeInto(record, scratch.bytes, 0);
  }
  return scratch.bytes.subarray(0, length);
}

/** Hashes each leaf as it comes, on this thread. */
export class LeafHasher {
  private readonly scratch = new NodeBytes();
  private readonly values = new NodeBytes();

  constructor(
    private readonly tree: LeafArrays,
    private readonly keys = new KeyWriter(),
    private index = 0,
  ) {}

  hashRuns(runs: readonly LeafRun[]): void {
    for (const run of runs) {
      for (let row = run.from; row < run.to; row++) {
        const record = run.records === null ? null : run.records[row];
        this.hashLeaf(run.prefix, run.tails[row], run.encode, record);
      }
    }
  }

  /** Hashes the next leaf into the tree's arrays. */
  hashLeaf(prefix: string, tail: string, encode: ValueEncoder, record: unknown): void {
    const value = encode === emptyValue ? EMPTY_VALUE_HASH : valueHash(valueBytesOf(encode, record, this.values));
    const i = this.index++;
    const scratch = this.scratch;
    const length = prefix.length + tail.length;
    scratch.reserve(length + 64);
    const keyStart = scratch.varint(length, scratch.head(0, 1, this.tree.leafVersions[i]));
    this.tree.priorities[i] = this.keys.write(prefix, tail, scratch.bytes, keyStart, i);
    putHash(this.tree.leafHashes, i, scratch.digest(scratch.hashField(value, keyStart + length)));
  }
}

/** Room a batch entry needs beside its key and value: index, lengths, a head, the value hash's. */
const ENTRY_OVERHEAD = 4 + 2 + 32 + 33 + 4;
const MAX_MESSAGE = 0xffff;

/** Writes each leaf's message and value into batches for the hashing threads. */
export class LeafBatcher {
  private readonly keys = new KeyWriter();
  private readonly scratch = new NodeBytes();
  private room: Uint8Array | null = null;
  /** Where the next entry goes: after the entry count. */
  private at = 4;
  private entries = 0;
  private index = 0;

  constructor(
    private readonly tree: LeafArrays,
    private readonly poster: BatchPoster,
  ) {}

  batchRuns(runs: readonly LeafRun[]): void {
    for (const run of runs) {
      for (let row = run.from; row < run.to; row++) {
        const record = run.records === null ? null : run.records[row];
        this.addLeaf(run.prefix, run.tails[row], run.encode, record);
      }
    }
    this.flush();
    this.poster.finish(this.scratch);
  }

  private addLeaf(prefix: string, tail: string, encode: ValueEncoder, record: unknown): void {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (this.tryAdd(prefix, tail, encode, record)) return;
      if (this.entries === 0) break; // too large for an empty room
      this.flush();
    }
    // A leaf no batch can hold (a long key or a large value) is hashed on this thread.
    new LeafHasher(this.tree, this.keys, this.index).hashLeaf(prefix, tail, encode, record);
    this.index++;
  }

  /** Adds the leaf to the current batch; false when it does not fit. */
  private tryAdd(prefix: string, tail: string, encode: ValueEncoder, record: unknown): boolean {
    const room = (this.room ??= this.poster.nextRoom(this.scratch));
    const keyLength = prefix.length + tail.length;
    const start = this.at;
    if (start + ENTRY_OVERHEAD + keyLength + 5 > room.length) return false;
    const head = this.scratch.varint(keyLength, this.scratch.head(0, 1, this.tree.leafVersions[this.index]));
    const messageLength = head + keyLength + 33;
    if (messageLength > MAX_MESSAGE) return false;
    let at = writeU32(room, start, this.index);
    room[at++] = messageLength & 0xff;
    room[at++] = messageLength >>> 8;
    for (let i = 0; i < head; i++) room[at++] = this.scratch.bytes[i];
    const keyAt = at;
    at += keyLength + 33;
    const valueAt = at + 4;
    let valueLength = 0;
    if (encode !== emptyValue) {
      valueLength = encode.encodeInto
        ? encode.encodeInto(record, room, valueAt)
        : copyInto(encode(record), room, valueAt);
      if (valueLength < 0) return false;
    }
    // The key last: its priority and order are taken once, for the leaf that stays.
    this.tree.priorities[this.index] = this.keys.write(prefix, tail, room, keyAt, this.index);
    writeU32(room, at, valueLength);
    this.at = valueAt + valueLength;
    this.entries++;
    this.index++;
    return true;
  }

  private flush(): void {
    if (this.room === null) return;
    writeU32(this.room, 0, this.entries);
    this.poster.post();
    this.room = null;
    this.at = 4;
    this.entries = 0;
  }
}

function copyInto(bytes: Uint8Array, target: Uint8Array, at: number): number {
  if (target.length - at < bytes.length) return -1;
  target.set(bytes, at);
  return bytes.length;
}
