import { NodeBytes } from './iavl-hash.ts';
import type { ValueEncoder } from './iavl-tree.ts';
import { arraysIn, bytesFor, hashNode, hashSubtree, type NodeArrays } from './packed-hash-jobs.ts';
import {
  BatchPoster,
  newControl,
  takeInnerTasks,
  TASKS_DONE_WORD,
  waitFor,
  type HashJob,
} from './packed-hash-share.ts';
import { LeafBatcher, LeafHasher } from './packed-leaves.ts';
import type { LeafRun, NodeRef, PackedArrays } from './packed-tree.ts';
import { TreeHashThreads } from './tree-hash-threads.ts';

// Builds a packed tree (packed-tree.ts) from entries given in key order: the leaves are hashed in
// one pass over their key bytes (packed-leaves.ts); then the separators' Cartesian tree is linked
// by a stack over its right spine, each node's height, size and version set as the stack lets go
// of it (its subtree is final then); then the inner nodes are hashed, children first. A large
// tree shares its hashing with threads of its own (packed-hash-share.ts).

const MAX_VERSION = 0xffffffff;
const MAX_HEIGHT = 0xff;

/** Memory and threads for a large tree, taken while the heap is small (prepareTreeBuild). */
export interface SharedBuild {
  readonly buffer: SharedArrayBuffer;
  readonly threads: TreeHashThreads | null;
}

let prepared: SharedBuild | null = null;

/**
 * Sets aside the memory of a tree of up to `leaves` leaves, and starts the threads that will
 * share its hashing, for the next build that fits. Each buffer outside the heap that the collector
 * learns of may start a full collection, which over a state of millions of rows takes seconds:
 * taken before the rows are made, it is quick. The threads' modules load meanwhile.
 */
export function prepareTreeBuild(leaves: number): void {
  prepared?.threads?.stop();
  prepared = { buffer: new SharedArrayBuffer(bytesFor(leaves)), threads: TreeHashThreads.start() };
}

/** Lets go of a prepared build no tree took (its memory and threads). */
export function dropPreparedBuild(): void {
  prepared?.threads?.stop();
  prepared = null;
}

/** The prepared build, if a tree of `count` leaves fits in it (it is then no longer prepared). */
function takePrepared(count: number): SharedBuild | null {
  if (prepared === null || prepared.buffer.byteLength < bytesFor(count)) return null;
  const taken = prepared;
  prepared = null;
  return taken;
}

export class PackedTreeBuilder {
  private readonly runs: LeafRun[] = [];
  private readonly starts: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /**
   * The next leaves: `prefix` + tails[from..to), with their records (null: none), after the
   * previous leaves in key order. The arrays are kept, not copied: they must never change.
   */
  addRun(
    prefix: string,
    tails: readonly string[],
    records: readonly unknown[] | null,
    encode: ValueEncoder,
    from = 0,
    to = tails.length,
  ): void {
    if (to <= from) return;
    this.runs.push({ prefix, tails, records, from, to, encode });
    this.starts.push(this.count);
    this.count += to - from;
  }

  /**
   * The tree, each leaf at the version `versionOf` gives its position (null when empty). A
   * shared build (by default the prepared one, when the tree fits) hashes with its threads.
   */
  build(versionOf: (index: number) => number, shared = takePrepared(this.count)): PackedArrays | null {
    const count = this.count;
    if (count === 0) return null;
    try {
      const arrays = arraysIn(shared?.buffer ?? new ArrayBuffer(bytesFor(count)), count);
      for (let i = 0; i < count; i++) {
        const version = versionOf(i);
        if (!(version >= 0 && version <= MAX_VERSION)) throw new Error(`version ${version} out of range`);
        arrays.leafVersions[i] = version;
      }
      const job: HashJob | null = shared ? { buffer: shared.buffer, count, control: newControl() } : null;
      if (job) {
        shared?.threads?.share(job);
        new LeafBatcher(arrays, new BatchPoster(job)).batchRuns(this.runs);
      } else new LeafHasher(arrays).hashRuns(this.runs);
      const root = linkInner(arrays);
      if (root >= 0) hashInner(arrays, root, job, shared?.threads ?? null);
      return { ...arrays, runs: this.runs, runStarts: Uint32Array.from(this.starts), root };
    } finally {
      shared?.threads?.stop();
    }
  }
}

/** Links the inner nodes and sets their heights, sizes and versions; the root. */
function linkInner(tree: NodeArrays): NodeRef {
  const { leafVersions, priorities, lefts, rights, heights, sizes, innerVersions } = tree;
  const count = leafVersions.length - 1;
  const heightOf = (ref: NodeRef) => (ref >= 0 ? heights[ref] : 0);
  const sizeOf = (ref: NodeRef) => (ref >= 0 ? sizes[ref] : 1);
  const versionOf = (ref: NodeRef) => (ref >= 0 ? innerVersions[ref] : leafVersions[~ref]);
  const finish = (node: number) => {
    const height = Math.max(heightOf(lefts[node]), heightOf(rights[node])) + 1;
    if (height > MAX_HEIGHT) throw new Error('the store tree is too deep to pack');
    heights[node] = height;
    sizes[node] = sizeOf(lefts[node]) + sizeOf(rights[node]);
    innerVersions[node] = Math.max(versionOf(lefts[node]), versionOf(rights[node]));
  };
  // Inner node j stands before leaf j + 1 and has its priority. A node on the spine that does not
  // outrank the new one goes below it (ties go to the larger key: always the new one).
  const spine: number[] = [];
  for (let node = 0; node < count; node++) {
    const priority = priorities[node + 1];
    let lost = -1;
    while (spine.length > 0 && priorities[spine[spine.length - 1] + 1] <= priority) {
      lost = spine.pop() as number;
      finish(lost);
    }
    const parent = spine.length > 0 ? spine[spine.length - 1] : -1;
    lefts[node] = lost >= 0 ? lost : parent >= 0 ? rights[parent] : ~0;
    rights[node] = ~(node + 1);
    if (parent >= 0) rights[parent] = node;
    spine.push(node);
  }
  for (let at = spine.length - 1; at >= 0; at--) finish(spine[at]);
  return count === 0 ? ~0 : spine[0];
}

/** Subtrees per thread: enough that one slow thread leaves little for the others to wait on. */
const TASKS_PER_THREAD = 16;

/**
 * Hashes the inner nodes: on this thread alone, or as subtrees shared with the threads (each of
 * at most its share of the leaves), then the few nodes above them here, children first.
 */
function hashInner(tree: NodeArrays, root: number, job: HashJob | null, threads: TreeHashThreads | null): void {
  const scratch = new NodeBytes();
  if (job === null) return hashSubtree(tree, root, scratch);
  const largest = Math.max(1, Math.floor(tree.sizes[root] / (3 * TASKS_PER_THREAD)));
  const tasks: number[] = [];
  const above: number[] = [];
  const open = [root];
  while (open.length > 0) {
    const node = open.pop() as number;
    if (tree.sizes[node] <= largest) tasks.push(node);
    else {
      above.push(node);
      for (const child of [tree.lefts[node], tree.rights[node]]) if (child >= 0) open.push(child);
    }
  }
  const inner: HashJob = { ...job, tasks: Int32Array.from(tasks) };
  threads?.share(inner);
  takeInnerTasks(inner, scratch);
  waitFor(new Int32Array(job.control), TASKS_DONE_WORD, tasks.length);
  // Parents were opened before their children: hashed in the reverse order, children come first.
  for (let at = above.length - 1; at >= 0; at--) hashNode(tree, above[at], scratch);
}
