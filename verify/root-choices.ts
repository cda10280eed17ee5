import type { ProofBundle } from './bundle-format.ts';
import { failed } from './problem-codes.ts';
import { headerHashOf, type HeaderJson } from './trust/header.ts';

// Which of a bundle's headers an auditor can give as their own root (--trust HEIGHT:HASH). From
// such a header, later signed headers verify by their signatures and every earlier header by the
// hash each header names of the one before it (CometBFT's backwards verification) — so a root
// serves only when the bundle carries an unbroken run of headers from it down to every header
// below it that a fact rests on.

export interface RootChoice {
  height: string;
  /** The hash the bundle's header has: the auditor compares it with their own source's. */
  hash: string;
}

export interface RootChoices {
  /** Signed headers that can be the auditor's root, ascending. */
  choices: RootChoice[];
}

/** The headers the facts rest on: a transaction on its block's and the next; a state on the next one's app hash. */
export function neededHeights(bundle: Pick<ProofBundle, 'facts'>): bigint[] {
  const needed = new Set<bigint>();
  for (const fact of bundle.facts) {
    if (!/^\d{1,19}$/.test(fact.height)) continue;
    const height = BigInt(fact.height);
    if (fact.kind === 'tx') needed.add(height);
    needed.add(height + 1n);
  }
  return [...needed].sort((left, right) => (left < right ? -1 : 1));
}

/** The lowest header a fact rests on below `height` that the run of links from it does not reach, or null. */
export function unreachedBelow(height: bigint, needed: readonly bigint[], present: ReadonlySet<bigint>): bigint | null {
  const reached = lowestLinkedFrom(height, present);
  return needed.find((each) => each < reached) ?? null;
}

/** Every header the bundle holds, signed or linked, by height. */
export function headersOfBundle(bundle: Pick<ProofBundle, 'light_blocks' | 'linked_headers'>): Map<bigint, HeaderJson> {
  const byHeight = new Map<bigint, HeaderJson>();
  for (const header of bundle.linked_headers) byHeight.set(BigInt(header.height), header);
  for (const block of bundle.light_blocks)
    byHeight.set(BigInt(block.signed_header.header.height), block.signed_header.header);
  return byHeight;
}

/** The lowest height reached from `height` going down one header at a time through `present`. */
export function lowestLinkedFrom(height: bigint, present: ReadonlySet<bigint>): bigint {
  let reached = height;
  while (present.has(reached - 1n)) reached -= 1n;
  return reached;
}

export function rootChoicesOf(bundle: Pick<ProofBundle, 'light_blocks' | 'linked_headers' | 'facts'>): RootChoices {
  const present = new Set(headersOfBundle(bundle).keys());
  const needed = neededHeights(bundle);
  const choices: RootChoice[] = [];
  for (const block of bundle.light_blocks) {
    const header = block.signed_header.header;
    if (!/^\d{1,19}$/.test(header.height)) continue;
    if (unreachedBelow(BigInt(header.height), needed, present) !== null) continue;
    const hashed = headerHashOf(header);
    if (!failed(hashed)) choices.push({ height: header.height, hash: hashed.hash });
  }
  return { choices };
}

/** "1, 41 and 90": the heights an auditor can choose from. */
export function choiceWords(choices: readonly RootChoice[]): string {
  const heights = choices.map((choice) => choice.height);
  if (heights.length <= 1) return heights[0] ?? 'none';
  return `${heights.slice(0, -1).join(', ')} and ${heights.at(-1)}`;
}
