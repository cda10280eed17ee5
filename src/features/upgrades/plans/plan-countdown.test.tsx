import { act, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { BlockEstimate } from '../../../hooks/time/block-estimate.ts';
import type { ChainHead } from '../../../hooks/time/block-times.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { readCountdown } from './countdown.ts';
import { PlanCountdown } from './plan-countdown.tsx';

const START = Date.UTC(2026, 10, 24, 11, 45, 0);
const measured: BlockEstimate = { basis: 'median', msPerBlock: 2000, blocks: 20 };
const headAt = (height: string, receivedAt: number, time = new Date(receivedAt).toISOString()): ChainHead => ({
  height,
  time,
  source: 'rpc',
  receivedAt,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

const timeLeft = () => screen.getByTestId('time-left').textContent;
const blocksLeft = () => screen.getByTestId('blocks-left').textContent;

describe('the plan countdown', () => {
  it('counts the time left down every second between polls of the chain’s head', () => {
    renderWithApp(<PlanCountdown name="v9-fornax" height="1030" head={headAt('1000', START)} estimate={measured} />);
    expect(blocksLeft()).toBe('30 blocks');
    expect(timeLeft()).toBe('about 1 minute');
    act(() => void vi.advanceTimersByTime(1000));
    expect(timeLeft()).toBe('about 59 seconds');
    act(() => void vi.advanceTimersByTime(5000));
    expect(timeLeft()).toBe('about 54 seconds');
    expect(screen.getByTestId('time-left').querySelector('time')).toHaveAttribute('datetime', 'PT54S');
    // The block count moves only with the chain.
    expect(blocksLeft()).toBe('30 blocks');
  });

  it('follows a new head: fewer blocks, the time left taken afresh from it', () => {
    const heads = { current: headAt('1000', START), listeners: new Set<() => void>() };
    function Following() {
      const head = useSyncExternalStore(
        (listener) => {
          heads.listeners.add(listener);
          return () => heads.listeners.delete(listener);
        },
        () => heads.current,
      );
      return <PlanCountdown name="v9-fornax" height="1030" head={head} estimate={measured} />;
    }
    renderWithApp(<Following />);
    act(() => void vi.advanceTimersByTime(4000));
    act(() => {
      heads.current = headAt('1002', START + 4000);
      heads.listeners.forEach((listener) => listener());
    });
    expect(blocksLeft()).toBe('28 blocks');
    expect(timeLeft()).toBe('about 56 seconds');
    act(() => void vi.advanceTimersByTime(2000));
    expect(timeLeft()).toBe('about 54 seconds');
  });

  it('shows the ETA from the head block’s own time and says how the pace was found', () => {
    // The head block was made 1.5 s before it reached the page (times are the chain's, in UTC).
    const head = headAt('1000', START, new Date(START - 1500).toISOString());
    renderWithApp(<PlanCountdown name="v9-fornax" height="1030" head={head} estimate={measured} />);
    const eta = screen.getByTestId('plan-eta');
    expect(eta).toHaveTextContent('ETA 24 Nov 2026, 11:45:58 UTC');
    expect(eta).toHaveTextContent('2.0 s per block, median of the last 20 blocks');
    expect(eta).toHaveTextContent('latest block 1,000 at 11:44:58 UTC');
  });

  it('says when the estimated time has run out but the chain has not reached the height', () => {
    renderWithApp(<PlanCountdown name="v9-fornax" height="1001" head={headAt('1000', START)} estimate={measured} />);
    act(() => void vi.advanceTimersByTime(3000));
    expect(timeLeft()).toBe('due any moment');
    expect(blocksLeft()).toBe('1 block');
  });
});

describe('reading a countdown', () => {
  it('is reached at the plan’s height, unknown without a head', () => {
    expect(readCountdown('1000', headAt('1000', START), 2000, START)).toEqual({ state: 'reached', blocksLeft: 0n });
    expect(readCountdown('1000', null, 2000, START)).toEqual({ state: 'unknown' });
  });

  it('anchors on the time the page heard of the head when the block’s time is unknown', () => {
    const head: ChainHead = { height: '10', time: null, source: 'height header', receivedAt: START };
    const reading = readCountdown('20', head, 500, START + 1000);
    expect(reading).toEqual({ state: 'ahead', blocksLeft: 10n, msLeft: 4000, eta: new Date(START + 5000) });
  });
});
