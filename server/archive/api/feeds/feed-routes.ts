import { invalidArgument } from '../../../lib/grpc-status.ts';
import { chainJson, chainLabel } from '../../chain-name.ts';
import { readMetaValue } from '../../store/cursor/cursor-reads.ts';
import { readProposalEvents, readUpgradeEvents, readVoterEvents } from '../../store/views/feed-reads.ts';
import { isAddress, type ArchiveQuery } from '../archive-params.ts';
import { proposalFilter } from '../archive-routes.ts';
import type { ArchiveSource } from '../archive-source.ts';
import { feedUpdated, type AtomFeed } from './atom-xml.ts';
import { proposalEntry, tagOf, upgradeEntry, voterEntry, type FeedPlace } from './feed-entries.ts';
import { clip } from './xml-text.ts';

// The three feeds: what each lists, its title and its links. Each lists the newest
// FEED_ENTRY_LIMIT events; older ones are in the archive API.

export const FEED_ENTRY_LIMIT = 100;

/** Where a feed is asked for: the archive, the request's filters, and how links are made. */
export interface FeedRequest {
  readonly source: ArchiveSource;
  readonly query: ArchiveQuery;
  /** Turns a path under /polity/feeds/v1/ (with its query) into this feed's absolute URL. */
  readonly feedUrl: (path: string, query?: URLSearchParams) => string;
  /** The dashboard's absolute link for a page (see FeedPlace). */
  readonly page: FeedPlace['page'];
}

const SUBTITLE = `The newest ${FEED_ENTRY_LIMIT} events the Polity archive recorded (older ones: its API under /polity/archive/v1/).`;

async function placeOf(request: FeedRequest): Promise<FeedPlace> {
  const chainId = (await readMetaValue(request.source.store.db, 'chain_id')) ?? '';
  return { chainId, chain: request.source.chain ?? null, page: request.page };
}

/** The chain in the feed's title and author: `Regen (regen-1)`, `local (polity-local)`. */
function onChain(place: FeedPlace): string {
  if (place.chain) return chainLabel(place.chain, place.chainId);
  return place.chainId === '' ? 'this chain' : place.chainId;
}

/** The feed's machine-readable naming of its chain (a reader of several chains' feeds sorts by it). */
const chainOf = (place: FeedPlace): AtomFeed['chain'] =>
  place.chain ? chainJson(place.chain, place.chainId) : { name: null, pretty_name: null, chain_id: place.chainId };

/** The filters as given, in a fixed order: for the self link, the dashboard's link and the title. */
function proposalFilterWords(query: ArchiveQuery) {
  const filter = proposalFilter(query);
  const self = new URLSearchParams();
  const dashboard = new URLSearchParams();
  const words: string[] = [];
  if (filter.groupId !== null) {
    self.set('group_id', filter.groupId);
    dashboard.set('group', filter.groupId);
    words.push(`group ${filter.groupId}`);
  }
  if (filter.policyAddress !== null) {
    self.set('group_policy_address', filter.policyAddress);
    dashboard.set('policy', filter.policyAddress);
    words.push(`policy ${filter.policyAddress}`);
  }
  if (filter.proposer !== null) {
    self.set('proposer', filter.proposer);
    dashboard.set('proposer', filter.proposer);
    words.push(`proposer ${filter.proposer}`);
  }
  if (filter.status !== null) {
    self.set('status', filter.status);
    dashboard.set('status', filter.status);
    words.push(filter.status.replace('PROPOSAL_STATUS_', '').toLowerCase());
  }
  if (filter.votingOpen) {
    self.set('voting_open', 'true');
    dashboard.set('open', '1');
    words.push('open for voting');
  }
  const text = query.text('q');
  if (filter.search !== null && text !== null) {
    self.set('q', text);
    dashboard.set('q', text);
    words.push(`matching “${clip(text, 100)}”`);
  }
  return { filter, self, dashboard, words };
}

async function proposalsFeed(request: FeedRequest): Promise<AtomFeed> {
  const { filter, self, dashboard, words } = proposalFilterWords(request.query);
  const place = await placeOf(request);
  const rows = await readProposalEvents(request.source.store.db, filter, FEED_ENTRY_LIMIT);
  const entries = rows.map((row) => proposalEntry(place, row));
  return {
    id: tagOf(place.chainId, 'feed', 'proposals', self.toString()),
    title: `Proposals on ${onChain(place)}${words.length > 0 ? `: ${words.join(', ')}` : ''}`,
    subtitle: SUBTITLE,
    updated: feedUpdated(entries),
    self: request.feedUrl('proposals.atom', self),
    alternate: request.page('/proposals', dashboard),
    author: `Polity archive of ${onChain(place)}`,
    chain: chainOf(place),
    entries,
  };
}

async function voterFeed(request: FeedRequest, address: string): Promise<AtomFeed> {
  if (!isAddress(address)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(address)}`);
  const voter = address.toLowerCase();
  const place = await placeOf(request);
  const rows = await readVoterEvents(request.source.store.db, voter, FEED_ENTRY_LIMIT);
  const entries = rows.map((row) => voterEntry(place, voter, row));
  return {
    id: tagOf(place.chainId, 'feed', 'voter', voter),
    title: `Votes of ${voter} on ${onChain(place)}, and what became of them`,
    subtitle: SUBTITLE,
    updated: feedUpdated(entries),
    self: request.feedUrl(`voters/${voter}.atom`),
    alternate: request.page(`/voters/${voter}`),
    author: `Polity archive of ${onChain(place)}`,
    chain: chainOf(place),
    entries,
  };
}

async function upgradesFeed(request: FeedRequest): Promise<AtomFeed> {
  const place = await placeOf(request);
  const rows = await readUpgradeEvents(request.source.store.db, FEED_ENTRY_LIMIT);
  const entries = rows.map((row) => upgradeEntry(place, row));
  return {
    id: tagOf(place.chainId, 'feed', 'upgrades'),
    title: `Upgrades on ${onChain(place)}: scheduled, cancelled, applied`,
    subtitle: SUBTITLE,
    updated: feedUpdated(entries),
    self: request.feedUrl('upgrades.atom'),
    alternate: request.page('/upgrades'),
    author: `Polity archive of ${onChain(place)}`,
    chain: chainOf(place),
    entries,
  };
}

/** Every feed: path pattern (after /polity/feeds/v1/, decoded) → the feed. */
export const FEED_ROUTES: { pattern: RegExp; feed: (request: FeedRequest, match: string[]) => Promise<AtomFeed> }[] = [
  { pattern: /^proposals\.atom$/, feed: (request) => proposalsFeed(request) },
  { pattern: /^voters\/([^/]+)\.atom$/, feed: (request, match) => voterFeed(request, match[1]) },
  { pattern: /^upgrades\.atom$/, feed: (request) => upgradesFeed(request) },
];
