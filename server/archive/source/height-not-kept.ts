/**
 * CometBFT's words for a height it no longer (or never) keeps: "height 5 is not available, lowest
 * height is 518402", "... must be less than or equal to the current blockchain height", a pruned
 * state. An answer, not a fault to retry.
 */
export const saysHeightNotKept = (words: string) =>
  /not available|lowest height|pruned|must be less than or equal/i.test(words);
