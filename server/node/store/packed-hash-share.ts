import type { NodeBytes } from './iavl-hash.ts';
import { arraysIn, batchRoom, hashLeafBatch, hashSubtree } from './packed-hash-jobs.ts';

// How the threads of a build share its hashing, through words in shared memory: the building
// thread posts leaf batches and the hashing threads (and the building thread itself, when it has
// to wait) claim them by number; then every thread claims subtrees by number. A claim is one
// atomic add, so no piece is hashed twice, and a thread that never came leaves its share to the
// others: the building thread alone can always finish.

/** The control words. POSTED counts posted batches and carries ALL_POSTED once the last is. */
const POSTED = 0;
const CLAIMED = 1;
const COMPLETED = 2;
const NEXT_TASK = 3;
const TASKS_DONE = 4;
/** One word per batch room: 1 while it is free to be written. */
const FREE = 8;
export const ALL_POSTED = 1 << 30;
/**
 * Rooms of at most a mebibyte (some ten thousand leaves): small enough that the building thread,
 * when it has to wait, only helps with a short piece, and a thread never waits long for one.
 */
export const BATCH_ROOMS = 32;
const ROOM_BYTES = 1 << 20;
export const CONTROL_WORDS = FREE + BATCH_ROOMS;

/** What a hashing thread is given: the tree's buffer, its leaf count and the control words. */
export interface HashJob {
  readonly buffer: SharedArrayBuffer;
  readonly count: number;
  readonly control: SharedArrayBuffer;
  /** The subtrees to hash, once the leaves are. */
  readonly tasks?: Int32Array;
}

/** Fresh control words: every batch room free, nothing posted or claimed. */
export function newControl(): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(CONTROL_WORDS * 4);
  const control = new Int32Array(buffer);
  for (let room = 0; room < BATCH_ROOMS; room++) control[FREE + room] = 1;
  return buffer;
}

/** The room batch `index` is written in. */
export function batchAt(job: HashJob, index: number): Uint8Array {
  const room = batchRoom(job.buffer, job.count);
  const size = Math.min(ROOM_BYTES, Math.floor(room.length / BATCH_ROOMS));
  const slot = index % BATCH_ROOMS;
  return room.subarray(slot * size, (slot + 1) * size);
}

/**
 * Hashes batches as they are posted, until the last one is claimed. The building thread passes
 * `onlyWaiting`: it takes only batches already posted (it cannot wait for one it has to post).
 */
export function takeLeafBatches(job: HashJob, scratch: NodeBytes, onlyWaiting = false): void {
  const control = new Int32Array(job.control);
  const { leafHashes } = arraysIn(job.buffer, job.count);
  for (;;) {
    const index = onlyWaiting ? claimWaiting(control) : Atomics.add(control, CLAIMED, 1);
    if (index < 0) return;
    let posted = Atomics.load(control, POSTED);
    while (index >= (posted & ~ALL_POSTED)) {
      if ((posted & ALL_POSTED) !== 0) return;
      Atomics.wait(control, POSTED, posted);
      posted = Atomics.load(control, POSTED);
    }
    hashLeafBatch(batchAt(job, index), leafHashes, scratch);
    Atomics.store(control, FREE + (index % BATCH_ROOMS), 1);
    Atomics.notify(control, FREE + (index % BATCH_ROOMS));
    Atomics.add(control, COMPLETED, 1);
    Atomics.notify(control, COMPLETED);
  }
}

/** Claims a batch that is posted and not yet claimed; -1 when there is none. */
function claimWaiting(control: Int32Array): number {
  for (;;) {
    const claimed = Atomics.load(control, CLAIMED);
    if (claimed >= (Atomics.load(control, POSTED) & ~ALL_POSTED)) return -1;
    if (Atomics.compareExchange(control, CLAIMED, claimed, claimed + 1) === claimed) return claimed;
  }
}

/** Hashes subtrees until none is left to claim. */
export function takeInnerTasks(job: HashJob, scratch: NodeBytes): void {
  const control = new Int32Array(job.control);
  const tasks = job.tasks ?? new Int32Array();
  const tree = arraysIn(job.buffer, job.count);
  for (;;) {
    const task = Atomics.add(control, NEXT_TASK, 1);
    if (task >= tasks.length) return;
    hashSubtree(tree, tasks[task], scratch);
    Atomics.add(control, TASKS_DONE, 1);
    Atomics.notify(control, TASKS_DONE);
  }
}

/** The building thread's side: posting batches, and waiting for what others claimed. */
export class BatchPoster {
  private readonly control: Int32Array;
  private posted = 0;

  constructor(private readonly job: HashJob) {
    this.control = new Int32Array(job.control);
  }

  /** The room of the next batch, once it is free: batches still waiting are hashed here meanwhile. */
  nextRoom(scratch: NodeBytes): Uint8Array {
    const free = FREE + (this.posted % BATCH_ROOMS);
    while (Atomics.load(this.control, free) === 0) {
      takeLeafBatches(this.job, scratch, true);
      Atomics.wait(this.control, free, 0, 50);
    }
    Atomics.store(this.control, free, 0);
    return batchAt(this.job, this.posted);
  }

  post(): void {
    this.posted++;
    Atomics.store(this.control, POSTED, this.posted);
    Atomics.notify(this.control, POSTED);
  }

  /** Marks the last batch posted, helps with what is left, and waits until every batch is hashed. */
  finish(scratch: NodeBytes): void {
    Atomics.store(this.control, POSTED, this.posted | ALL_POSTED);
    Atomics.notify(this.control, POSTED);
    takeLeafBatches(this.job, scratch);
    waitFor(this.control, COMPLETED, this.posted);
  }
}

/** How long a claimed piece may take before the build gives up on the thread that claimed it. */
const STALLED_MS = 120_000;

/** Waits until a counter reaches `target` (each claimed piece is finished by its claimer). */
export function waitFor(control: Int32Array, word: number, target: number): void {
  let progress = Date.now();
  for (let seen = Atomics.load(control, word); seen < target;) {
    Atomics.wait(control, word, seen, 1000);
    const now = Atomics.load(control, word);
    if (now !== seen) progress = Date.now();
    else if (Date.now() - progress > STALLED_MS) {
      throw new Error(`a tree-hashing thread stopped: ${target - now} piece(s) it claimed were never finished`);
    }
    seen = now;
  }
}

export const TASKS_DONE_WORD = TASKS_DONE;
