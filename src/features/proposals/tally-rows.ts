/** The tally's counts in display order, with the option each counts and how it is drawn. */
export const TALLY_ROWS = [
  ['yes_count', 'VOTE_OPTION_YES', 'teal', '✓'],
  ['no_count', 'VOTE_OPTION_NO', 'red', '✗'],
  ['no_with_veto_count', 'VOTE_OPTION_NO_WITH_VETO', 'grape', '⊗'],
  ['abstain_count', 'VOTE_OPTION_ABSTAIN', 'gray', '○'],
] as const;
