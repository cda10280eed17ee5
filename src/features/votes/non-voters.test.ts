import { describe, expect, it } from 'vitest';

import { groupEvent as event } from '../../test/group-events.ts';
import { membersAt } from './non-voters.tsx';

describe('members at a height, replayed from the group history', () => {
  // Newest first, as the archive answers.
  const history = [
    event('40', 'member_added', 'cosmos1late', '9'),
    event('30', 'member_removed', 'cosmos1bob', null),
    event('20', 'weight_changed', 'cosmos1alice', '2.5'),
    event('20', 'member_added', 'cosmos1bob', '1'),
    event('10', 'member_known', 'cosmos1alice', '1'),
    event('10', 'known', null, 'cosmos1admin'),
  ];
  it('applies joins, weight changes and departures up to the height, and nothing after it', () => {
    expect([...membersAt(history, 25n)]).toEqual([
      ['cosmos1alice', '2.5'],
      ['cosmos1bob', '1'],
    ]);
    expect([...membersAt(history, 35n)]).toEqual([['cosmos1alice', '2.5']]);
    expect([...membersAt(history, 5n)]).toEqual([]);
  });
});
