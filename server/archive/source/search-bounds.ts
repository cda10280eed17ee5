import { UntrustedAnswerError } from './block-check.ts';

// What a page of the node's index can truly hold, for a search of a height range: an index that
// claims more results than those heights hold, or pages that repeat or go back, would otherwise
// be paged for ever (an audited node claimed 9e15 results with full pages, and one search kept
// asking for pages long after the stretch it served had failed).

/** Where one result of a search stands: its block, and for a transaction its place in the block. */
export interface SearchEntry {
  height: bigint;
  /** A transaction's index in its block; 0 for a block_search result (one a block). */
  index: number;
}

export type SearchKind = 'tx' | 'block';

export interface HeightRange {
  from: bigint;
  to: bigint;
}

/** Headers counted in one request: CometBFT's `/blockchain` answers at most 20. */
const HEADERS_A_REQUEST = 20n;
/** Header runs asked for at once while counting a range's transactions. */
const HEADER_RUNS_IN_FLIGHT = 4;

/**
 * Checks a search's claimed total against the heights asked: a block_search finds at most one
 * block a height; a tx_search at most the transactions those blocks hold. Headers are counted
 * only when the claim exceeds one transaction a height (an honest backfill rarely does), so the
 * check costs nothing on most stretches and at most a twentieth of the heights' requests.
 */
export async function checkSearchTotal(
  kind: SearchKind,
  total: number,
  within: HeightRange,
  countTxs: (min: bigint, max: bigint) => Promise<number>,
): Promise<void> {
  const heights = within.to - within.from + 1n;
  if (BigInt(total) <= heights) return;
  const between = `between heights ${within.from} and ${within.to}`;
  if (kind === 'block') throw new UntrustedAnswerError(`the node's block_search claims ${total} blocks ${between}`);
  let counted = 0;
  const runs: bigint[] = [];
  for (let min = within.from; min <= within.to; min += HEADERS_A_REQUEST) runs.push(min);
  for (let next = 0; next < runs.length; next += HEADER_RUNS_IN_FLIGHT) {
    const counts = await Promise.all(
      runs.slice(next, next + HEADER_RUNS_IN_FLIGHT).map((min) => {
        const max = min + HEADERS_A_REQUEST - 1n;
        return countTxs(min, max < within.to ? max : within.to);
      }),
    );
    counted += counts.reduce((sum, count) => sum + count, 0);
  }
  if (total > counted)
    throw new UntrustedAnswerError(
      `the node's tx_search claims ${total} transactions ${between}, whose headers hold ${counted}`,
    );
}

/**
 * A search's pages in the order read: each result after the one before it (a transaction by its
 * height and index, a block by its height: the same result twice is a page repeated) and inside
 * the heights asked. A page out of step is not the index.
 */
export class SearchSteps {
  private last: SearchEntry | null = null;

  constructor(
    private readonly kind: SearchKind,
    private readonly within: HeightRange | undefined,
  ) {}

  check(found: SearchEntry[], page: number): bigint[] {
    for (const entry of found) {
      const { last, within } = this;
      const behind =
        last !== null && (entry.height < last.height || (entry.height === last.height && entry.index <= last.index));
      if (behind || (within && (entry.height < within.from || entry.height > within.to)))
        throw new UntrustedAnswerError(
          `the node's ${this.kind}_search page ${page} gives height ${entry.height} out of order or outside ${within?.from ?? 0}-${within?.to ?? '…'}`,
        );
      this.last = entry;
    }
    return found.map((entry) => entry.height);
  }
}
