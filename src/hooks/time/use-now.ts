import { useCallback, useSyncExternalStore } from 'react';

// One clock per period, shared by every component that asks for it: a page with a thousand
// relative times runs one timer, not a thousand, and they all change in the same frame.

interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const tickers = new Map<number, Ticker>();

function tickerFor(ms: number): Ticker {
  let ticker = tickers.get(ms);
  if (!ticker) {
    ticker = { now: Date.now(), listeners: new Set(), timer: null };
    tickers.set(ms, ticker);
  }
  return ticker;
}

function subscribe(ms: number, listener: () => void): () => void {
  const ticker = tickerFor(ms);
  ticker.listeners.add(listener);
  if (ticker.timer === null) {
    ticker.now = Date.now();
    ticker.timer = setInterval(() => {
      ticker.now = Date.now();
      ticker.listeners.forEach((notify) => notify());
    }, ms);
  }
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size === 0 && ticker.timer !== null) {
      clearInterval(ticker.timer);
      ticker.timer = null;
    }
  };
}

/** The current time (ms), ticking every `ms` for as long as the component is mounted. */
export function useNow(ms = 1000): number {
  const subscribeToTicker = useCallback((listener: () => void) => subscribe(ms, listener), [ms]);
  const read = useCallback(() => tickerFor(ms).now, [ms]);
  return useSyncExternalStore(subscribeToTicker, read);
}
