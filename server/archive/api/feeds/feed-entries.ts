import type { ArchiveChainName } from '../../chain-name.ts';
import type { ProposalEventRow, UpgradeEventRow, VoterEventRow } from '../../store/views/feed-reads.ts';
import { atomDate, type AtomEntry } from './atom-xml.ts';
import { clip } from './xml-text.ts';

// Rows of the archive → Atom entries: what happened, in words, with a stable id and a link to the
// dashboard's page for it.

/** Where a feed is read: the chain (for ids) and the dashboard that shows it (for links). */
export interface FeedPlace {
  chainId: string;
  /** The chain's names (see ArchiveSource.chain); null for an archive without them. */
  chain: ArchiveChainName | null;
  /** An absolute link to a page of the dashboard reading this archive's chain. */
  page(path: string, query?: URLSearchParams): string;
}

/**
 * Entry and feed ids are tag URIs (RFC 4151) under `polity.invalid`: a name under .invalid
 * (RFC 2606) belongs to no one, so no other minter's ids can collide with these; the chain id
 * keeps chains apart, and the rest names the event, so the same event keeps its id whoever asks,
 * through whichever host, whenever.
 */
export const tagOf = (chainId: string, ...parts: string[]) =>
  `tag:polity.invalid,2026:${[chainId, ...parts].map(encodeURIComponent).join('/')}`;

const TITLE_MAX = 200;
const SUMMARY_MAX = 1000;

const statusWord = (status: string | null) => (status ?? 'unknown').replace('PROPOSAL_STATUS_', '').toLowerCase();
const optionWord = (option: string) => option.replace('VOTE_OPTION_', '').replace(/_/g, ' ');

function parsed(detail: string | null): unknown {
  if (detail === null) return null;
  try {
    return JSON.parse(detail) as unknown;
  } catch {
    return null;
  }
}

/** `yes 3, no 1, abstain 0, no with veto 0` from a tally as the node writes it; '' for anything else. */
function tallyWords(detail: string | null): string {
  let tally = parsed(detail);
  if (typeof tally === 'string') tally = parsed(tally);
  if (typeof tally !== 'object' || tally === null) return '';
  const counts = tally as Record<string, unknown>;
  const parts = ['yes', 'no', 'abstain', 'no_with_veto']
    .filter((option) => typeof counts[`${option}_count`] === 'string')
    .map((option) => `${option.replace(/_/g, ' ')} ${String(counts[`${option}_count`])}`);
  return parts.length > 0 ? `Tally: ${parts.join(', ')}.` : '';
}

/** The event a timeline entry records: a short name (for ids and categories) and its words. */
export function proposalEvent(row: Pick<ProposalEventRow, 'kind' | 'status' | 'detail'>): {
  name: string;
  words: string;
} {
  switch (row.kind) {
    case 'submitted':
      return { name: 'submitted', words: 'submitted' };
    case 'voting_ended':
      return { name: statusWord(row.status), words: `${statusWord(row.status)} at the end of its voting period` };
    case 'executed': {
      const detail = parsed(row.detail);
      const result =
        typeof detail === 'object' && detail !== null ? String((detail as { result?: unknown }).result) : '';
      return result.endsWith('FAILURE')
        ? { name: 'execution-failed', words: 'executed, and its execution failed' }
        : { name: 'executed', words: 'executed successfully' };
    }
    case 'pruned':
      return { name: 'pruned', words: `pruned from the chain (${statusWord(row.status)}), kept by the archive` };
    case 'vote':
      return { name: 'vote', words: 'voted on' };
    default:
      return { name: statusWord(row.status), words: statusWord(row.status) };
  }
}

function executionLogs(detail: string | null): string {
  const logs = (parsed(detail) as { logs?: unknown } | null)?.logs;
  return typeof logs === 'string' && logs !== '' ? `Logs: ${clip(logs, 500)}` : '';
}

const groupWords = (row: ProposalEventRow) =>
  `group ${row.group_id}${row.group_name ? ` “${clip(row.group_name, 80)}”` : ''}, policy ${row.policy_address}`;

const sentence = (...parts: string[]) => clip(parts.filter((part) => part !== '').join(' '), SUMMARY_MAX);

/** An event of a proposal's timeline. */
export function proposalEntry(place: FeedPlace, row: ProposalEventRow): AtomEntry {
  const event = proposalEvent(row);
  const title = clip(row.title || '(untitled)', TITLE_MAX);
  return {
    id: tagOf(place.chainId, 'proposal', row.proposal_id, event.name, row.height),
    title: `#${row.proposal_id} ${event.words}: ${title}`,
    updated: atomDate(row.block_time),
    link: place.page(`/proposals/${row.proposal_id}`),
    category: event.name,
    summary: sentence(
      `Proposal #${row.proposal_id} (${groupWords(row)}) ${event.words} at height ${row.height}.`,
      row.kind === 'voting_ended' || row.kind === 'pruned' ? tallyWords(row.detail) : '',
      row.kind === 'executed' ? executionLogs(row.detail) : '',
      row.kind === 'submitted' ? row.summary : '',
    ),
  };
}

/** In a voter's feed: its vote, or what became of a proposal it voted on. */
export function voterEntry(place: FeedPlace, voter: string, row: VoterEventRow): AtomEntry {
  if (row.kind !== 'vote') {
    const entry = proposalEntry(place, row);
    return { ...entry, summary: sentence(entry.summary, `This address voted ${optionWord(row.option)}.`) };
  }
  const option = optionWord(row.option);
  return {
    id: tagOf(place.chainId, 'vote', row.proposal_id, voter),
    title: `Voted ${option} on #${row.proposal_id}: ${clip(row.title || '(untitled)', TITLE_MAX)}`,
    updated: atomDate(row.block_time),
    link: place.page(`/proposals/${row.proposal_id}/votes/${voter}`),
    category: 'vote',
    summary: sentence(
      `${voter} voted ${option} on proposal #${row.proposal_id} (${groupWords(row)}), seen at height ${row.height}.`,
      row.weight === null ? '' : `Weight counted: ${row.weight}.`,
    ),
  };
}

const UPGRADE_WORDS = { scheduled: 'scheduled', cancelled: 'cancelled or replaced', applied: 'applied' } as const;

/** `gov:7` → "x/gov proposal 7". */
function sourceWords(source: string | null): string {
  if (source === null) return '';
  const colon = source.indexOf(':');
  const kind = source.slice(0, colon);
  const id = source.slice(colon + 1);
  const what =
    kind === 'gov' ? `x/gov proposal ${id}` : kind === 'group' ? `group proposal #${id}` : `transaction ${id}`;
  return `By ${what}.`;
}

export function upgradeEntry(place: FeedPlace, row: UpgradeEventRow): AtomEntry {
  const words = UPGRADE_WORDS[row.kind];
  const exact = row.known_height === row.height;
  return {
    id: tagOf(place.chainId, 'upgrade', row.name, row.kind, row.height),
    title: `Upgrade ${clip(row.name, TITLE_MAX)} ${words}${row.kind === 'applied' ? '' : ` (for height ${row.plan_height})`}`,
    updated: atomDate(row.known_time),
    link: place.page('/upgrades'),
    category: row.kind,
    summary: sentence(
      `Plan ${clip(row.name, TITLE_MAX)} (height ${row.plan_height}) ${words} at height ${row.height}.`,
      sourceWords(row.source),
      exact || row.known_height === null
        ? ''
        : `The archive did not record the time of block ${row.height}; this is the time of block ${row.known_height}.`,
      row.info === '' ? '' : `Info: ${row.info}`,
    ),
  };
}
