import { describe, expect, it } from 'vitest';

import type { TimelineEvent } from '../../api/archive-records.ts';
import { decisionTime } from './decision-time.ts';

const event = (kind: string, height: string, status: string | null): TimelineEvent =>
  ({
    kind,
    height,
    time: `2026-11-24T10:00:${height.slice(-2)}Z`,
    status,
    detail: null,
    tx_hash: null,
  }) as TimelineEvent;

describe('when a proposal was decided', () => {
  it('is the height where the archive saw its status become final, early or at voting end', () => {
    const timeline = [
      event('submitted', '100', 'PROPOSAL_STATUS_SUBMITTED'),
      event('status', '120', 'PROPOSAL_STATUS_REJECTED'),
    ];
    expect(decisionTime(timeline)).toEqual({ height: '120', time: '2026-11-24T10:00:20Z' });
  });

  it('is unknown for a proposal the archive found already decided: its first sight is not the decision', () => {
    const timeline = [event('first_seen', '402', 'PROPOSAL_STATUS_ACCEPTED'), event('executed', '410', null)];
    expect(decisionTime(timeline)).toBeNull();
  });
});
