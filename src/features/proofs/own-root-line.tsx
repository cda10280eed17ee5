import { Anchor, Code, Text } from '@mantine/core';

import type { BundleReport } from '../../../verify/bundle-verify.ts';
import { trustRootLine } from '../../../verify/report-words.ts';
import { OnChainText } from '../../components/text/on-chain-text.tsx';
import type { ProofFile } from '../../lib/export-notes.ts';

// The bundle's own root, and how an auditor checks from a header of their own instead: the heights
// this file can start from, and for its latest signed header a download that carries the hash links
// down from it (the archive adds them), so a header read today from any node will do.

const heightText = (height: string) => BigInt(height).toLocaleString('en-US');
/** The archive adds at most this many links to a bundle (MOST_LINKS): past it, no download is offered. */
const MOST_LINKS = 10_000n;

/** "1, 4 or 6". */
const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** The file's address with the links from `height` asked for. */
const linkedUrl = (url: string, height: string) => `${url}${url.includes('?') ? '&' : '?'}links_from=${height}`;

export function OwnRootLine({ report, file }: { report: BundleReport; file: ProofFile }) {
  const signed = report.steps.filter((step) => step.how !== 'hash link' && step.ok).map((step) => step.height);
  const top = signed.reduce<string | null>(
    (high, height) => (high === null || BigInt(height) > BigInt(high) ? height : high),
    null,
  );
  const choices = report.rootChoices.map((choice) => choice.height);
  const topServes = top !== null && choices.includes(top);
  const lowestFact = report.facts.reduce<bigint | null>(
    (low, fact) => (low === null || BigInt(fact.height) < low ? BigInt(fact.height) : low),
    null,
  );
  const linksFit = top !== null && lowestFact !== null && BigInt(top) - lowestFact <= MOST_LINKS;
  return (
    <Text component="div" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="proof-trust-root">
      Trust root: <OnChainText value={trustRootLine(report)} max={400} />. It comes with the bundle, from the archive
      itself: the check shows that the records follow from it, not that it is the chain you mean. Compare it with what a
      source you trust says of that height, or check the downloaded file from a header of your own
      {choices.length > 0 && (
        <span data-testid="proof-root-choices">: at height {orList(choices.map(heightText))} as it is</span>
      )}
      {top !== null && !topServes && linksFit && (
        <span data-testid="proof-links-download">
          , or at its latest signed header, {heightText(top)}, with{' '}
          <Anchor
            href={linkedUrl(file.url, top)}
            download={file.fileName.replace(/\.json$/, `-links-from-${top}.json`)}
            fz="sm"
            underline="always"
          >
            the file that carries the hash links down from it
          </Anchor>
        </span>
      )}
      :
      <Code block mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        npx polity-verify {file.fileName} --trust HEIGHT:HASH
      </Code>
    </Text>
  );
}
