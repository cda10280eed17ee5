import { request } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import FeedParser from 'feedparser';
import { SaxesParser } from 'saxes';

// Reading the archive's feeds as a feed reader would: over plain HTTP with the headers a reader
// sends (Host, If-None-Match, Accept-Encoding), parsed by a real feed parser, and checked to be
// well-formed XML 1.0 by a strict parser (feedparser's sax lets characters XML forbids through).

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, decompressed when it came compressed. */
  text: string;
}

/** GET over node:http, so the Host header can be any host a reader could have used. */
export function httpGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const body = coding === 'gzip' ? gunzipSync(raw) : coding === 'br' ? brotliDecompressSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export interface ParsedEntry {
  id: string;
  title: string;
  link: string;
  updated: Date;
  category: string;
  summary: string;
}

export interface ParsedFeed {
  title: string;
  entries: ParsedEntry[];
}

/** Throws unless the text is well-formed XML 1.0 (characters included). */
export function assertWellFormed(xml: string): void {
  new SaxesParser({ xmlns: true }).write(xml).close();
}

/** The exact text of every element with this name (feedparser strips what looks like HTML from titles). */
export function elementTexts(xml: string, name: string): string[] {
  const parser = new SaxesParser();
  const texts: string[] = [];
  let inside = false;
  parser.on('opentag', (tag) => {
    inside = tag.name === name;
    if (inside) texts.push('');
  });
  parser.on('text', (text) => {
    if (inside) texts[texts.length - 1] += text;
  });
  parser.on('closetag', () => (inside = false));
  parser.write(xml).close();
  return texts;
}

/** The feed as feedparser reads it (strict mode: a tag out of place is an error). */
export function parseFeed(xml: string): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    const parser = new FeedParser({ strict: true });
    const entries: ParsedEntry[] = [];
    parser.on('error', reject);
    parser.on('readable', () => {
      for (let item = parser.read() as FeedParser.Item | null; item; item = parser.read() as FeedParser.Item | null)
        entries.push({
          id: item.guid,
          title: item.title,
          link: item.link,
          updated: item.date ?? new Date(NaN),
          category: item.categories[0] ?? '',
          summary: item.summary,
        });
    });
    parser.on('end', () => resolve({ title: String(parser.meta.title), entries }));
    Readable.from([xml]).pipe(parser);
  });
}

/** The last parts of a tag id: `…/proposal/42/accepted/1234` → ['proposal', '42', 'accepted', '1234']. */
export const idParts = (id: string) =>
  id
    .slice(id.indexOf(':', 4) + 1)
    .split('/')
    .slice(1)
    .map(decodeURIComponent);

/** Where each kind of timeline entry sorts within one height (the archive's own order). */
const KIND_RANK: Record<string, number> = { submitted: 1, voting_ended: 2, status: 3, executed: 4, pruned: 5 };

export interface TimelineEvent {
  height: string;
  kind: string;
  status: string | null;
  detail: unknown;
}

/** What a feed should call a timeline entry: its status for decisions, withdrawals and aborts. */
export function categoryOf(event: TimelineEvent): string {
  if (event.kind === 'submitted' || event.kind === 'pruned') return event.kind;
  if (event.kind === 'executed')
    return String((event.detail as { result: string }).result).endsWith('FAILURE') ? 'execution-failed' : 'executed';
  return String(event.status).replace('PROPOSAL_STATUS_', '').toLowerCase();
}

/** One listed entry, as compared: the proposal, what happened, and at which height (null for a vote). */
export type Listed = [proposal: string, category: string, height: string | null];

interface Sortable {
  listed: Listed;
  height: bigint;
  id: bigint;
  rank: number;
}

/** Newest first as the feeds promise: by height, then proposal, then the order within a height. */
export function newest(events: Sortable[], limit: number): Listed[] {
  const order = (a: bigint, b: bigint) => (a < b ? 1 : a > b ? -1 : 0);
  return events
    .sort((a, b) => order(a.height, b.height) || order(a.id, b.id) || b.rank - a.rank)
    .slice(0, limit)
    .map((event) => event.listed);
}

/** A timeline entry as a feed lists it (none for `first_seen`, which is where the archive began). */
export function timelineListed(proposal: string, event: TimelineEvent): Sortable | null {
  if (!(event.kind in KIND_RANK)) return null;
  return {
    listed: [proposal, categoryOf(event), event.height],
    height: BigInt(event.height),
    id: BigInt(proposal),
    rank: KIND_RANK[event.kind],
  };
}

/** A proposal entry of a parsed feed as compared with the archive's record. */
export function entryListed(entry: ParsedEntry): Listed {
  const parts = idParts(entry.id);
  return parts[0] === 'vote' ? [parts[1], 'vote', null] : [parts[1], parts[2], parts[3]];
}
