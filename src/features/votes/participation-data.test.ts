import { describe, expect, it } from 'vitest';

import { groupEvent as event } from '../../test/group-events.ts';
import { membership } from './participation-data.ts';

describe("a member's spans and weights, from the group history", () => {
  it('opens a span on joining, closes it on leaving, and lists each weight with its height', () => {
    const history = [
      event('50', 'member_added', 'cosmos1a', '3'),
      event('40', 'member_removed', 'cosmos1a', null),
      event('20', 'weight_changed', 'cosmos1a', '2.000000000000000001'),
      event('15', 'member_added', 'cosmos1b', '1'),
      event('10', 'member_known', 'cosmos1a', '1'),
    ];
    const { spans, weights } = membership(history, 'cosmos1a');
    expect(spans).toEqual([
      { from: 10n, to: 40n },
      { from: 50n, to: null },
    ]);
    expect(weights).toEqual([
      { height: '10', weight: '1' },
      { height: '20', weight: '2.000000000000000001' },
      { height: '50', weight: '3' },
    ]);
  });
});
