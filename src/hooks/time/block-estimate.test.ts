import { describe, expect, it } from 'vitest';

import {
  ASSUMED_BLOCK_MS,
  chooseBlockEstimate,
  describeBlockEstimate,
  medianBlockMs,
  type BlockStamp,
} from './block-estimate.ts';

/** Stamps at `start`, then after each of `gapsMs`, from height 100 up (nanosecond times, as nodes send). */
function stamps(gapsMs: number[], start = Date.UTC(2026, 10, 24, 11, 0, 0)): BlockStamp[] {
  let at = start;
  const out: BlockStamp[] = [{ height: '100', time: new Date(at).toISOString().replace('Z', '123456Z') }];
  gapsMs.forEach((gap, index) => {
    at += gap;
    out.push({ height: String(101 + index), time: new Date(at).toISOString().replace('Z', '987654Z') });
  });
  return out;
}

describe('the median block time', () => {
  it('is the middle interval of consecutive blocks, whatever order they come in', () => {
    const recent = stamps([2000, 2100, 1900, 2000, 30_000]);
    expect(medianBlockMs(recent)).toEqual({ msPerBlock: 2000, blocks: 6 });
    expect(medianBlockMs([...recent].reverse())).toEqual({ msPerBlock: 2000, blocks: 6 });
  });

  it('is not dragged by one long halt, as a mean would be', () => {
    // 19 intervals of 0.5 s and one upgrade halt of 10 minutes: the mean would say 30 s.
    const recent = stamps([...Array<number>(18).fill(500), 600_000]);
    expect(medianBlockMs(recent)?.msPerBlock).toBe(500);
  });

  it('averages the two middle intervals of an even count', () => {
    expect(medianBlockMs(stamps([1000, 2000, 3000, 4000]))?.msPerBlock).toBe(2500);
  });

  it('spans a missing block by dividing by the blocks between', () => {
    const recent = stamps([2000, 2000, 2000]);
    const withGap = [recent[0], recent[2], recent[3]];
    expect(medianBlockMs(withGap)).toEqual({ msPerBlock: 2000, blocks: 3 });
  });

  it('counts a block given twice once, and needs two usable blocks', () => {
    const [first, second] = stamps([1500]);
    expect(medianBlockMs([first, second, second])).toEqual({ msPerBlock: 1500, blocks: 2 });
    expect(medianBlockMs([first])).toBeNull();
    expect(medianBlockMs([])).toBeNull();
    expect(medianBlockMs([first, { height: '101', time: '0001-01-01T00:00:00Z' }])).toBeNull();
  });
});

describe('choosing the estimate', () => {
  const median = { msPerBlock: 2000, blocks: 20 };
  it('prefers measured block times over every other hint', () => {
    expect(chooseBlockEstimate({ median, observedMs: 4000, archiveBlocksPerSecond: 1 })).toEqual({
      basis: 'median',
      msPerBlock: 2000,
      blocks: 20,
    });
  });

  it('falls back to the pace the page saw, then the archive’s rate, then 5 s', () => {
    expect(chooseBlockEstimate({ median: null, observedMs: 2100, archiveBlocksPerSecond: 1 })).toEqual({
      basis: 'observed',
      msPerBlock: 2100,
      tooFewBlocks: false,
    });
    expect(chooseBlockEstimate({ median: null, observedMs: null, archiveBlocksPerSecond: 2 })).toEqual({
      basis: 'archive-rate',
      msPerBlock: 500,
      tooFewBlocks: false,
    });
    expect(chooseBlockEstimate({ median: null, observedMs: null, archiveBlocksPerSecond: 0 })).toEqual({
      basis: 'assumed',
      msPerBlock: ASSUMED_BLOCK_MS,
      tooFewBlocks: false,
    });
  });

  it('says how it was made', () => {
    expect(describeBlockEstimate({ basis: 'median', msPerBlock: 2004, blocks: 20 })).toBe(
      '2.0 s per block, median of the last 20 blocks',
    );
    expect(describeBlockEstimate({ basis: 'median', msPerBlock: 500, blocks: 20 })).toBe(
      '0.50 s per block, median of the last 20 blocks',
    );
    expect(describeBlockEstimate({ basis: 'assumed', msPerBlock: 5000 })).toBe(
      '5.0 s per block, assumed: this node serves no block times',
    );
    expect(describeBlockEstimate({ basis: 'observed', msPerBlock: 6100 })).toMatch(
      /^6\.1 s per block, from the heights/,
    );
  });

  it('does not claim a young chain serves no block times', () => {
    const young = chooseBlockEstimate({
      median: null,
      observedMs: 2100,
      archiveBlocksPerSecond: null,
      tooFewBlocks: true,
    });
    expect(describeBlockEstimate(young)).toBe(
      '2.1 s per block, from the heights this page has seen (too few blocks yet to measure)',
    );
  });
});
