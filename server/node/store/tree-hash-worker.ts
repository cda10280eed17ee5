// A thread that hashes pieces of a packed tree's build (packed-hash-share.ts): leaf batches as
// they are posted, then subtrees. Started by tree-hash-threads.ts for builds of millions of leaves.

import { parentPort } from 'node:worker_threads';

import { NodeBytes } from './iavl-hash.ts';
import { takeInnerTasks, takeLeafBatches, type HashJob } from './packed-hash-share.ts';

if (!parentPort) throw new Error('tree-hash-worker runs as a worker thread');
const scratch = new NodeBytes();

parentPort.on('message', (job: HashJob) => {
  if (job.tasks) takeInnerTasks(job, scratch);
  else takeLeafBatches(job, scratch);
});
