import { Text } from '@mantine/core';
import * as v from 'valibot';

import { decisionPolicy, tallyResult } from '../api/schemas.ts';
import { evaluatePolicy, readPolicy } from '../domain/decision-policies.ts';
import { openTallyWords } from '../domain/tally-words.ts';

/** An open proposal's tally at current weights as the archive lists it, with what it needs to be read. */
export interface ListedLiveTally {
  tally: Record<string, string>;
  total_weight: string;
  decision_policy: unknown;
}

/**
 * "Yes 4 of 6 · 1 more needed" for an open proposal in a list, from the tally the archive lists
 * with it (no request of its own). Nothing where the answer does not have the shape of a tally.
 */
export function LiveTallyText({ live }: { live: ListedLiveTally | null | undefined }) {
  if (!live || !v.is(tallyResult, live.tally)) return null;
  const policy = v.is(decisionPolicy, live.decision_policy) ? readPolicy(live.decision_policy) : null;
  const evaluation = policy ? evaluatePolicy(policy, live.tally, live.total_weight) : null;
  return (
    <Text span fz="xs" data-testid="row-tally-words">
      {openTallyWords(live.tally, live.total_weight, evaluation)}
    </Text>
  );
}
