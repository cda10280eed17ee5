import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { freePort, startPolity, type PolityProcess } from '../../../test/polity-process.ts';
import { compareAnswers, heightsOf, servedAnswers, type Answers } from '../../../test/served-answers-kit.ts';

// Polity's node as a process, killed with SIGKILL while it makes blocks, stopped cleanly, and
// started again: each time it answers what it answered before (blocks, results, pinned reads and
// store proofs, byte for byte, and the same earliest block), for every height it still keeps.

const KEEP_RECENT = 60n;
const FROZEN = '3600000';

describe('the node across kills and restarts', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers every kept height as before, after kill -9 and after a clean stop', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-node-killed-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const args = (blockTime: string) => [
      ...['--data-dir', dataDir, '--seed', 'node-killed', '--live-period', '20', '--rpc-port', 'off'],
      ...['--archive', 'off', '--keep-recent', String(KEEP_RECENT), '--keep-blocks', '150', '--block-time', blockTime],
      ...['--genesis-time', new Date(Date.parse('2026-11-20T00:00:00Z')).toISOString()],
    ];
    const start = async (blockTime: string): Promise<PolityProcess> => {
      const run = await startPolity(await freePort(), args(blockTime));
      cleanups.push(() => run.kill());
      return run;
    };
    /** The top of a moving chain, recorded while it runs, then SIGKILL. */
    const killWhileRunning = async (run: PolityProcess, blocks: bigint): Promise<Answers> => {
      const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
      // Up before its first block, a node reports a latest height of 0.
      while ((await heightsOf(run.base)).latest === 0n) await pause();
      const { latest: from } = await heightsOf(run.base);
      while ((await heightsOf(run.base)).latest < from + blocks) await pause();
      const { latest } = await heightsOf(run.base);
      const recorded = await servedAnswers(run.base, latest - 12n, latest - 12n);
      await run.kill();
      return recorded;
    };
    const expectSame = (before: Answers, after: Answers, least: number) => {
      const { differ, same } = compareAnswers(before, after);
      expect(differ).toEqual([]);
      expect(same).toBeGreaterThanOrEqual(least);
    };

    // Killed while making blocks, with no snapshot yet: the log alone brings it back.
    const killed = await killWhileRunning(await start('150'), 70n);
    const frozen = await start(FROZEN);
    const { latest } = await heightsOf(frozen.base);
    const afterKill = await servedAnswers(frozen.base, latest - KEEP_RECENT + 1n);
    expect([...afterKill].filter(([what, answer]) => what !== 'earliest block' && !answer.startsWith('200 '))).toEqual(
      [],
    );
    expectSame(killed, afterKill, 13 * 6);

    // A clean stop writes a snapshot of the earliest kept state: every answer is the same again.
    await frozen.stop();
    const restarted = await start(FROZEN);
    const afterStop = await servedAnswers(restarted.base, latest - KEEP_RECENT + 1n);
    expect([...afterStop.keys()]).toEqual([...afterKill.keys()]);
    expectSame(afterKill, afterStop, afterKill.size);
    await restarted.stop();

    // Killed again while making blocks after that snapshot: restored from it, then the log.
    const killedAgain = await killWhileRunning(await start('150'), 20n);
    const last = await start(FROZEN);
    expectSame(killedAgain, await servedAnswers(last.base, latest), 13 * 6);
    expect(last.output()).toMatch(/snapshot/i);
  }, 300_000);
});
