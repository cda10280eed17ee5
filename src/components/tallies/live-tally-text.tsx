import { Text } from '@mantine/core';

import type { TallyResult } from '../../api/schemas.ts';
import { openTallyWords, type TallyStanding } from '../../domain/tally-words.ts';

/** An open proposal's tally at current weights as the archive lists it, with where yes stands. */
export interface ListedLiveTally {
  tally: TallyResult;
  total_weight: string;
  standing?: TallyStanding | null;
}

/**
 * "Yes 4 of 6 · 1 more needed" for an open proposal in a list, from the tally the archive lists
 * with it (no request of its own, no decimal maths: the archive says where yes stands).
 */
export function LiveTallyText({ live }: { live: ListedLiveTally | null | undefined }) {
  if (!live) return null;
  return (
    <Text span fz="xs" data-testid="row-tally-words">
      {openTallyWords(live.tally, live.total_weight, live.standing)}
    </Text>
  );
}
