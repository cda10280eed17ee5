import type { ProofBundle } from '../../../../verify/bundle-format.ts';
import { failed } from '../../../../verify/problem-codes.ts';
import { choiceWords, headersOfBundle, neededHeights, rootChoicesOf } from '../../../../verify/root-choices.ts';
import { headerHashOf, type HeaderJson } from '../../../../verify/trust/header.ts';
import { GrpcCode, GrpcStatusError, invalidArgument } from '../../../lib/grpc-status.ts';
import { ProofReader } from '../../source/proof-reader.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { headersAt } from '../../store/proofs/proof-store.ts';

// `links_from=H`: the bundle also carries every header from its signed header H down to the
// lowest header a record rests on, so an auditor who trusts H (from their own source) proves the
// earlier headers by the hash each names of the one before it. The archive keeps only the headers
// its proofs used; the others are read from the node and linked here before they go out.

/** Most links one bundle carries: about 1 kB each, so a bundle stays a download, not an archive. */
export const MOST_LINKS = 10_000;
const BLOCKCHAIN_SPAN = 20n;
const READS_AT_ONCE = 4;

async function fromNode(rpc: string, heights: readonly bigint[]): Promise<Map<bigint, HeaderJson>> {
  const reader = new ProofReader(rpc);
  const spans: { min: bigint; max: bigint }[] = [];
  for (const height of heights) {
    const last = spans.at(-1);
    if (last && height === last.max + 1n && height - last.min < BLOCKCHAIN_SPAN) last.max = height;
    else spans.push({ min: height, max: height });
  }
  const found = new Map<bigint, HeaderJson>();
  for (let start = 0; start < spans.length; start += READS_AT_ONCE) {
    const answers = await Promise.all(
      spans.slice(start, start + READS_AT_ONCE).map((span) => reader.headersBetween(span.min, span.max)),
    );
    for (const header of answers.flat()) found.set(BigInt(header.height), header);
  }
  return found;
}

/** The links from `from` down to the lowest needed header, each checked against the one above it. */
export async function withLinks(
  bundle: ProofBundle,
  fromText: string,
  db: ArchiveStore['db'],
  rpc: string,
): Promise<ProofBundle> {
  const signed = bundle.light_blocks.map((block) => block.signed_header.header.height);
  if (!signed.includes(fromText))
    throw invalidArgument(
      `links_from must be a height this bundle signs (${choiceWords(signed.map((height) => ({ height, hash: '' })))}), got ${fromText}`,
    );
  const from = BigInt(fromText);
  const lowest = neededHeights(bundle).find((height) => height < from);
  if (lowest === undefined) return bundle;
  const present = headersOfBundle(bundle);
  const missing: bigint[] = [];
  for (let height = lowest; height < from; height += 1n) if (!present.has(height)) missing.push(height);
  if (missing.length > MOST_LINKS) {
    const canBe = choiceWords(rootChoicesOf(bundle).choices);
    throw invalidArgument(
      `links from ${from} down to ${lowest} would take ${missing.length} headers, more than the ${MOST_LINKS} a bundle ` +
        `carries: choose a lower signed header (this bundle's own run serves ${canBe})`,
    );
  }
  const stored = await headersAt(db, missing);
  const fetched = await fromNode(
    rpc,
    missing.filter((height) => !stored.has(height)),
  );
  const links: HeaderJson[] = [];
  let above = present.get(from);
  for (let height = from - 1n; height >= lowest; height -= 1n) {
    const header = present.get(height) ?? stored.get(height)?.header ?? fetched.get(height);
    if (!header)
      throw new GrpcStatusError(GrpcCode.Unavailable, `the node does not give header ${height}, which the links need`);
    const hashed = headerHashOf(header);
    if (failed(hashed) || !above || above.last_block_id.hash.toUpperCase() !== hashed.hash)
      throw new GrpcStatusError(
        GrpcCode.Unavailable,
        `the node's header ${height} is not the one header ${height + 1n} names: the links cannot be made`,
      );
    if (!present.has(height)) links.push(header);
    above = header;
  }
  return { ...bundle, linked_headers: [...bundle.linked_headers, ...links] };
}
