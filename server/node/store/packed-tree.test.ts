import { afterAll, describe, expect, it } from 'vitest';

import { rootHash } from './iavl-hash.ts';
import {
  build,
  emptyValue,
  find,
  insert,
  leaf,
  leavesOf,
  remove,
  type TreeNode,
  type ValueEncoder,
} from './iavl-tree.ts';
import { bytesFor } from './packed-hash-jobs.ts';
import { PackedTreeBuilder } from './packed-tree-build.ts';
import { packedNode } from './packed-tree.ts';
import { TreeHashThreads } from './tree-hash-threads.ts';

// A tree loaded whole is packed into flat arrays and hashed in bulk, alone or with threads of
// its own; it must be the very tree, node for node and hash for hash, that the tree code builds
// from the same leaves, and writes on it must give what writes on that tree give.

/** A record is its value's bytes; none, an empty value. */
const bytes: ValueEncoder = (record) => (record as Uint8Array | null) ?? new Uint8Array();
/** Values written in place, as members' and votes' are. */
const inPlace: ValueEncoder = Object.assign(bytes.bind(null), {
  encodeInto: (record: unknown, target: Uint8Array, at: number) => {
    const value = bytes(record);
    if (target.length - at < value.length) return -1;
    target.set(value, at);
    return value.length;
  },
});

/** A deterministic store: keys under a few prefixes, every third with a value, some long ones. */
function store(count: number) {
  const tails: string[] = [];
  let state = 7;
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    tails.push(String.fromCharCode(i >>> 16, (i >>> 8) & 0xff, i & 0xff) + 'k'.repeat(state % 40));
  }
  const values = tails.map((_, i) =>
    i % 3 === 0 ? Uint8Array.from({ length: 20 + (i % 97) }, (_, b) => b ^ i) : null,
  );
  // One value no batch can hold, and one key longer than most.
  values[count - 2] = new Uint8Array(bytesFor(count));
  tails[count - 1] += 'z'.repeat(3000);
  return { tails, values, versionOf: (i: number) => 1 + (i % 5) };
}

function packed(count: number, shared?: { buffer: SharedArrayBuffer; threads: TreeHashThreads | null }) {
  const { tails, values, versionOf } = store(count);
  const builder = new PackedTreeBuilder();
  const half = Math.floor(count / 2);
  builder.addRun('\x10', tails, values, bytes, 0, half);
  builder.addRun('\x10', tails, values, inPlace, half, count);
  const arrays = builder.build(versionOf, shared ?? null);
  return arrays === null ? null : packedNode(arrays, arrays.root);
}

function objects(count: number): TreeNode | null {
  const { tails, values, versionOf } = store(count);
  return build(tails.map((tail, i) => leaf('\x10' + tail, values[i], values[i] ? bytes : emptyValue, versionOf(i))));
}

const hex = (root: TreeNode | null) => Buffer.from(rootHash(root)).toString('hex');
const shape = (root: TreeNode | null): unknown =>
  root === null
    ? null
    : root.kind === 'leaf'
      ? root.version
      : [root.height, root.size, shape(root.left), shape(root.right)];

const threads: TreeHashThreads[] = [];
afterAll(() => threads.forEach((started) => started.stop()));

describe('a packed tree', () => {
  it('is the tree the tree code builds from the same leaves, hash for hash', () => {
    for (const count of [1, 2, 3, 50, 2000]) {
      const expected = objects(count);
      const actual = packed(count);
      expect(hex(actual), `${count} leaves`).toBe(hex(expected));
      expect(shape(actual)).toEqual(shape(expected));
      expect(leavesOf(actual).map((node) => node.key)).toEqual(leavesOf(expected).map((node) => node.key));
    }
  });

  it('hashed with threads of its own, is the same tree', () => {
    const count = 30_000;
    const started = TreeHashThreads.start(2);
    threads.push(started);
    const shared = packed(count, { buffer: new SharedArrayBuffer(bytesFor(count)), threads: started });
    expect(hex(shared)).toBe(hex(packed(count)));
    // And with no thread at all beside the building one, which must then hash every piece itself.
    const alone = packed(count, { buffer: new SharedArrayBuffer(bytesFor(count)), threads: null });
    expect(hex(alone)).toBe(hex(packed(count)));
  });

  it('written to, gives what the same writes on the tree code give', () => {
    let onPacked = packed(3000);
    let onObjects = objects(3000);
    const { tails } = store(3000);
    for (let i = 0; i < 400; i++) {
      const key = '\x10' + tails[(i * 7919) % tails.length];
      if (i % 3 === 0) {
        onPacked = remove(onPacked, key);
        onObjects = remove(onObjects, key);
      } else {
        const written = leaf(key + (i % 2 === 0 ? '' : 'new'), Uint8Array.of(i), bytes, 9);
        onPacked = insert(onPacked, written);
        onObjects = insert(onObjects, written);
      }
    }
    expect(hex(onPacked)).toBe(hex(onObjects));
    expect(find(onPacked, '\x10' + tails[5])?.version).toBe(find(onObjects, '\x10' + tails[5])?.version);
  });

  it('refuses entries out of key order', () => {
    const builder = new PackedTreeBuilder();
    builder.addRun('\x10', ['b', 'a'], null, emptyValue);
    expect(() => builder.build(() => 1, null)).toThrow(/out of key order at 1/);
  });
});
