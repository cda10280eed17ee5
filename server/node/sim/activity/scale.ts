/** Size of the `large` scenario: one group of a million members, one proposal they all voted on. */
export const LARGE = {
  members: Number(process.env.POLITY_LARGE_MEMBERS ?? 1_000_000),
  votes: Number(process.env.POLITY_LARGE_VOTES ?? 1_000_000),
};
