import { useCallback } from 'react';

import { OnChainText } from '../../components/text/on-chain-text.tsx';
import { useTimeZoneChoice } from '../../hooks/time/use-time-zone.ts';
import { exactUtc, formatInZone } from '../../lib/time-zone.ts';
import { instant } from '../../lib/time.ts';

// The verifier's sentences are shared with the command, which writes instants as RFC 3339. On a
// page every time is said one way, the reader's ("7 Dec 2026, 14:42:05 CET"), with the exact
// instants the line holds one hover away.

const RFC_3339 = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g;

export interface ReaderLine {
  text: string;
  /** The exact instants of the line, in UTC, for its title; undefined when it holds none. */
  title: string | undefined;
}

/** A function rewriting a verifier line's instants in the reader's chosen zone. */
export function useReaderTimes(): (line: string) => ReaderLine {
  const choice = useTimeZoneChoice();
  return useCallback(
    (line: string) => {
      const exact: string[] = [];
      const text = line.replace(RFC_3339, (stamp) => {
        const date = instant(stamp);
        if (!date) return stamp;
        exact.push(exactUtc(stamp, date));
        return formatInZone(date, choice);
      });
      return { text, title: exact.length > 0 ? exact.join(' · ') : undefined };
    },
    [choice],
  );
}

/** A line of the verifier's (archive-written parts included): as text only, its times in the reader's zone. */
export function VerifierText({ line, max = 600 }: { line: string; max?: number }) {
  const inReaderTimes = useReaderTimes();
  const { text, title } = inReaderTimes(line);
  return (
    <span title={title}>
      <OnChainText value={text} max={max} />
    </span>
  );
}
