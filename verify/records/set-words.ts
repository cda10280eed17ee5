// How sets are written in the completeness lines: ballots and members as text pairs, counts in
// words, ids in runs, and the few items a small set's claim names.

export const pairs = (text: string | undefined) =>
  (text ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.lastIndexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    });

/** "all 3 votes", "the only vote", "no vote": a whole set counted in words. */
export function allOf(count: number | string, noun: string): string {
  const number = Number(count);
  if (number === 0) return `no ${noun}`;
  if (number === 1) return `the only ${noun}`;
  const plural = noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return `all ${number.toLocaleString('en-US')} ${plural}`;
}

/** "#3, #7–#9, #12": ids in order, runs of consecutive ones shortened. */
export function idRuns(ids: readonly bigint[]): string {
  const sorted = [...ids].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  const runs: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1n) end += 1;
    runs.push(end === start ? `#${sorted[start]}` : `#${sorted[start]}–#${sorted[end]}`);
    start = end + 1;
  }
  return runs.join(', ');
}

/** A set this small is claimed with its members named, not only counted. */
export const SMALL_SET = 10;
export const itemsOf = (items: readonly string[]) => (items.length <= SMALL_SET ? { items: [...items] } : {});
