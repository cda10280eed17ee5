import { describe, expect, it } from 'vitest';

import { decidedWindow } from './decided-window.ts';

const inbox = { since: '2026-10-25T11:50:54.000Z', as_of_time: '2026-11-24T11:50:54Z', as_of_height: '519188' };

describe('the inbox’s decided window in words', () => {
  it('names its length, up to the archive’s latest block', () => {
    const words = decidedWindow(inbox, { height: '10', time: '2026-01-01T00:00:00Z' });
    expect(words.title).toBe('Decided in the last 30 days');
    expect(words.note).toBe(
      'Proposals this address voted on that were accepted or rejected in the 30 days up to the archive’s latest ' +
        'block (height 519,188): since 2026-10-25 11:50:54 UTC.',
    );
  });

  it('starts where the archive does when it began later than that', () => {
    const words = decidedWindow(inbox, { height: '518402', time: '2026-11-24T11:24:41.873215596Z' });
    expect(words.title).toBe('Decided since the archive began');
    expect(words.note).toContain('since the archive began at height 518,402 (2026-11-24 11:24:41 UTC)');
    expect(words.note).toContain('looks back 30 days');
    expect(words.note).not.toContain('2026-10-25');
  });

  it('says what it can when the archive’s start is not known yet', () => {
    expect(decidedWindow(inbox, null).title).toBe('Decided in the last 30 days');
    expect(decidedWindow({ ...inbox, since: null }, null).title).toBe('Decided since the archive began');
  });
});
