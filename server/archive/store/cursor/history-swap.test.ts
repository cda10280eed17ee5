import { describe, expect, it } from 'vitest';

import { gapHeightsWithin, gapsInside } from './history-swap.ts';

const gap = (from: number, to: number) => ({ from_height: String(from), to_height: String(to), reason: '' });

describe('what a gap fill may take', () => {
  it('counts the heights of gaps within a range', () => {
    expect(gapHeightsWithin([gap(1, 99), gap(200, 210)], 50n, 205n)).toBe(50n + 6n);
  });

  it('counts a gap of one height (a block whose state the node pruned), at either end of the range too', () => {
    expect(gapHeightsWithin([gap(7, 7)], 1n, 10n)).toBe(1n);
    expect(gapHeightsWithin([gap(7, 7), gap(9, 9), gap(12, 20)], 1n, 10n)).toBe(2n);
    expect(gapHeightsWithin([gap(1, 1)], 1n, 1n)).toBe(1n);
    expect(gapHeightsWithin([gap(3, 8)], 8n, 20n)).toBe(1n);
    expect(gapHeightsWithin([gap(3, 8)], 1n, 3n)).toBe(1n);
    expect(gapHeightsWithin([gap(3, 8)], 9n, 20n)).toBe(0n);
  });

  it("lets a fill that keeps an archive's one-height gaps open take nothing it would lose", () => {
    // The fill misses height 7 too: every height it misses, the archive misses.
    expect(gapsInside([gap(7, 7)], [gap(1, 10)], 100n)).toBe(true);
    // The fill misses height 50, where the archive holds its block.
    expect(gapsInside([gap(50, 50)], [gap(1, 10)], 100n)).toBe(false);
  });

  it('takes a rebuilt history only when every height it misses is one the archive misses too', () => {
    const archive = [gap(1, 999), gap(1000, 4999)];
    // Rebuilt from a later height than rows the archive holds below it: those rows would be lost.
    expect(gapsInside([gap(1, 2999)], [gap(1, 999), gap(3000, 3100)], 9000n)).toBe(false);
    expect(gapsInside([gap(1, 2999)], archive, 9000n)).toBe(true);
    // A gap the rebuild opened where the archive holds every block.
    expect(gapsInside([gap(1, 999), gap(6000, 6001)], archive, 9000n)).toBe(false);
    // Beyond the cursor nothing counts.
    expect(gapsInside([gap(9001, 9500)], archive, 9000n)).toBe(true);
  });
});
