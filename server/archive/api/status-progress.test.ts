import { describe, expect, it } from 'vitest';

import { startingState } from '../follower/lane/follower-state.ts';
import { backfillJson, fillJson } from './status-progress.ts';

const stateWith = (change: Partial<ReturnType<typeof startingState>>) => ({ ...startingState(), ...change });

describe("the status's progress of a backfill", () => {
  const backfilling = stateWith({ backfill: { fromHeight: 101n, toHeight: 200n }, blocksPerSecond: 20 });

  it('counts the heights done from the first of the range, that one included', () => {
    expect(backfillJson(backfilling, '150')).toEqual({
      from_height: '101',
      to_height: '200',
      done_blocks: '50',
      total_blocks: '100',
      eta_seconds: 3,
    });
    expect(backfillJson(backfilling, '101')?.done_blocks).toBe('1');
    expect(backfillJson(backfilling, '200')).toMatchObject({ done_blocks: '100', eta_seconds: 0 });
  });

  it('has done nothing below its range, knows no end without a rate, and is none when not backfilling', () => {
    expect(backfillJson(backfilling, '100')?.done_blocks).toBe('0');
    expect(backfillJson({ ...backfilling, blocksPerSecond: 0 }, '150')?.eta_seconds).toBeNull();
    expect(backfillJson(startingState(), '150')).toBeNull();
    expect(backfillJson(backfilling, null)).toBeNull();
  });
});

describe("the status's progress of a gap fill", () => {
  const fill = { phase: 'reading' as const, fromHeight: 1n, toHeight: 1000n, doneHeight: 249n, blocksPerSecond: 250 };

  it('counts the heights the fill rebuilt, from the first it covers', () => {
    expect(fillJson(stateWith({ fill }))).toEqual({
      phase: 'reading',
      from_height: '1',
      to_height: '1000',
      done_blocks: '249',
      total_blocks: '1000',
      eta_seconds: 4,
    });
  });

  it('says none done before its first block, and never more than the range', () => {
    expect(fillJson(stateWith({ fill: { ...fill, doneHeight: null } }))?.done_blocks).toBe('0');
    expect(fillJson(stateWith({ fill: { ...fill, doneHeight: 1200n } }))).toMatchObject({
      done_blocks: '1000',
      eta_seconds: 0,
    });
    expect(fillJson(startingState())).toBeNull();
  });
});
