import { xmlAttribute, xmlText } from './xml-text.ts';

// An Atom 1.0 document (RFC 4287) from entries the feeds make. Every text and attribute goes
// through xmlText/xmlAttribute, so nothing written on chain can break out of its element.

export interface AtomEntry {
  /** A URI that stays the same for the same event, whoever asks and whenever. */
  id: string;
  title: string;
  /** RFC 3339: the chain's time of the block where it happened. */
  updated: string;
  /** The dashboard's page for the thing. */
  link: string;
  summary: string;
  /** What kind of event (`submitted`, `accepted`, `vote` …), for readers that filter by category. */
  category: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** Filled in from the entries when there are any (see feedUpdated). */
  updated: string;
  /** Where this feed is served (rel="self"). */
  self: string;
  /** The dashboard's page showing the same (rel="alternate"). */
  alternate: string;
  author: string;
  /**
   * The chain the feed is of, as an extension element (RFC 4287 §6.4) a program reads without
   * parsing the title; an attribute is left out where unknown (a chain id before the node told it,
   * names for an archive built without them, as some tests build one).
   */
  chain: { name: string | null; pretty_name: string | null; chain_id: string };
  entries: readonly AtomEntry[];
}

/** The namespace of Polity's extension elements: a tag URI under .invalid, as the entry ids (it names, it is not fetched). */
export const POLITY_ATOM_NAMESPACE = 'tag:polity.invalid,2026:atom';

/** The time the publisher wrote nothing yet: an empty feed stays the same until an event arrives. */
const NEVER = '1970-01-01T00:00:00Z';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** A chain time as an Atom date: the chain's own text (nanoseconds and all) when it is RFC 3339. */
export function atomDate(time: string | null | undefined): string {
  if (time && RFC3339.test(time) && Number.isFinite(Date.parse(time))) return time;
  return NEVER;
}

/** The latest of the entries' times (a feed's `updated`), or the epoch for an empty feed. */
export function feedUpdated(entries: readonly AtomEntry[]): string {
  let latest = NEVER;
  // Compared as instants; nanoseconds beyond the millisecond only break ties between equal texts.
  for (const entry of entries) if (Date.parse(entry.updated) > Date.parse(latest)) latest = entry.updated;
  return latest;
}

const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

function entryXml(entry: AtomEntry): string {
  return [
    '  <entry>',
    `    ${element('id', entry.id)}`,
    `    <title type="text">${xmlText(entry.title)}</title>`,
    `    ${element('updated', entry.updated)}`,
    `    <link rel="alternate" type="text/html" href="${xmlAttribute(entry.link)}"/>`,
    `    <category term="${xmlAttribute(entry.category)}"/>`,
    `    <summary type="text">${xmlText(entry.summary)}</summary>`,
    '  </entry>',
  ].join('\n');
}

/** `<polity:chain name="regen" pretty_name="Regen" chain_id="regen-1"/>`, its attributes those known. */
function chainXml(chain: AtomFeed['chain']): string {
  const attributes = Object.entries(chain)
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '')
    .map(([name, value]) => ` ${name}="${xmlAttribute(value)}"`);
  return `<polity:chain${attributes.join('')}/>`;
}

export function atomXml(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:polity="${POLITY_ATOM_NAMESPACE}">`,
    `  ${element('id', feed.id)}`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    `  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`,
    `  ${element('updated', feed.updated)}`,
    `  <link rel="self" type="application/atom+xml" href="${xmlAttribute(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlAttribute(feed.alternate)}"/>`,
    `  <author>${element('name', feed.author)}</author>`,
    '  <generator>Polity</generator>',
    `  ${chainXml(feed.chain)}`,
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
