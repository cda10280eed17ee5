import type { Tally, VoteOption } from './records.ts';

/**
 * The vote options in proto order (YES=1, ABSTAIN=2, NO=3, NO_WITH_VETO=4) and the tally field
 * each one counts toward. Veto has no special effect in x/group.
 */
export const VOTE_OPTIONS: readonly { readonly option: VoteOption; readonly tallyField: keyof Tally }[] = [
  { option: 'VOTE_OPTION_YES', tallyField: 'yes' },
  { option: 'VOTE_OPTION_ABSTAIN', tallyField: 'abstain' },
  { option: 'VOTE_OPTION_NO', tallyField: 'no' },
  { option: 'VOTE_OPTION_NO_WITH_VETO', tallyField: 'veto' },
];

/** Position of each option in VOTE_OPTIONS, for per-option accumulators. */
export const VOTE_OPTION_SLOT = Object.fromEntries(VOTE_OPTIONS.map((entry, slot) => [entry.option, slot])) as Record<
  VoteOption,
  number
>;
