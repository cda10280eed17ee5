import type { TallyResult, VoteOption } from '../api/schemas.ts';

// Every vote option in one table: how it is named and drawn, and which tally count it adds to.
// Each option carries a word and a symbol, so colour is never the only signal.

interface VoteOptionRule {
  label: string;
  /** For tight spaces such as filter buttons. */
  shortLabel: string;
  symbol: string;
  /** A Mantine colour name. */
  color: string;
  /** The count a vote with this option adds its weight to; the chain ignores UNSPECIFIED. */
  tallyField: keyof TallyResult | null;
}

export const VOTE_OPTIONS = {
  VOTE_OPTION_UNSPECIFIED: { label: 'Unspecified', shortLabel: '?', symbol: '?', color: 'gray', tallyField: null },
  VOTE_OPTION_YES: { label: 'Yes', shortLabel: 'Yes', symbol: '✓', color: 'teal', tallyField: 'yes_count' },
  VOTE_OPTION_ABSTAIN: {
    label: 'Abstain',
    shortLabel: 'Abstain',
    symbol: '○',
    color: 'gray',
    tallyField: 'abstain_count',
  },
  VOTE_OPTION_NO: { label: 'No', shortLabel: 'No', symbol: '✗', color: 'red', tallyField: 'no_count' },
  VOTE_OPTION_NO_WITH_VETO: {
    label: 'No with veto',
    shortLabel: 'Veto',
    symbol: '⊗',
    color: 'grape',
    tallyField: 'no_with_veto_count',
  },
} as const satisfies Record<VoteOption, VoteOptionRule>;

type CountedOption = {
  [O in VoteOption]: (typeof VOTE_OPTIONS)[O]['tallyField'] extends null ? never : O;
}[VoteOption];

/** The options a tally counts, in the order tallies are shown: yes first, abstain last. */
export const TALLY_ORDER = [
  'VOTE_OPTION_YES',
  'VOTE_OPTION_NO',
  'VOTE_OPTION_NO_WITH_VETO',
  'VOTE_OPTION_ABSTAIN',
] as const satisfies readonly CountedOption[];

/** The tally fields, in display order. */
export const TALLY_FIELDS = TALLY_ORDER.map((option) => VOTE_OPTIONS[option].tallyField);
