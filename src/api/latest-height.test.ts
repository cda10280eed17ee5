import { describe, expect, it, vi } from 'vitest';

import { latestHeight, reportHeight, subscribeToHeights } from './latest-height.ts';

describe('the latest height store', () => {
  it('keeps the highest height per endpoint and tells subscribers only when it rises', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToHeights(listener);
    reportHeight('https://a.example', '100');
    reportHeight('https://a.example', '99');
    reportHeight('https://a.example', '100');
    reportHeight('https://b.example', '5');
    expect(latestHeight('https://a.example')).toBe('100');
    expect(latestHeight('https://b.example')).toBe('5');
    expect(latestHeight('https://c.example')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    // Heights beyond 2^53 compare exactly.
    reportHeight('https://a.example', '9007199254740993');
    expect(latestHeight('https://a.example')).toBe('9007199254740993');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
