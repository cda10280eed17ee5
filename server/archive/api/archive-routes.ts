import { GrpcCode, GrpcStatusError, invalidArgument } from '../../lib/grpc-status.ts';
import { readCursor, readGaps, readMeta, readWriter } from '../store/cursor/cursor-reads.ts';
import { readGroupHistory } from '../store/groups/group-reads.ts';
import { readWitnessConflicts } from '../store/proofs/witness-conflicts.ts';
import { readLiveTallies } from '../store/proposals/live-tallies.ts';
import {
  proposalExists,
  readProposal,
  readProposals,
  readTallyWeights,
  readTimeline,
  type ProposalFilter,
} from '../store/proposals/proposal-reads.ts';
import { readTallyCheck } from '../store/proposals/tally-checks.ts';
import {
  readGroupModule,
  readModuleVersionChanges,
  readPlans,
  type GroupModuleRecord,
} from '../store/upgrades/upgrade-reads.ts';
import { readAddressesByPrefix } from '../store/views/address-search.ts';
import { readNamed } from '../store/views/name-search.ts';
import { countProposalVotes, readProposalVotes, readVoterVotes } from '../store/votes/vote-reads.ts';
import { OPEN_STATUS, PROPOSAL_STATUSES, VOTE_OPTIONS } from '../vocabulary.ts';
import { groupHistoryJson, proposalJson, timelineJson, upgradesJson, voteJson, withLiveTally } from './archive-json.ts';
import { ArchiveQuery, isAddress, searchQuery, uint64Path } from './archive-params.ts';
import type { ArchiveSource } from './archive-source.ts';
import { completenessStatusJson } from './completeness-status.ts';
import { GROUP_ROUTES } from './group-routes.ts';
import { inbox } from './inbox-route.ts';
import { proposalProof, voteSetJson, withUpgradeProofs, withVoteProofs } from './proofs/proof-json.ts';
import { PROOF_ROUTES } from './proofs/proof-routes.ts';
import { proofStatusJson, proofSummary } from './proofs/proof-status.ts';
import { backfillJson, fillJson } from './status-progress.ts';
import { voterGroupsOf } from './voter-groups.ts';
import { webhookStatusJson } from './webhook-status.ts';

const notFound = (message: string) => new GrpcStatusError(GrpcCode.NotFound, message);

/** The proposals list's filters, read and checked (the proposals feed takes the same). */
export function proposalFilter(query: ArchiveQuery): ProposalFilter {
  const status = query.text('status') === null ? null : query.oneOf('status', PROPOSAL_STATUSES, PROPOSAL_STATUSES[0]);
  const groupId = query.uint64('group_id');
  const policyAddress = query.address('group_policy_address');
  const proposer = query.address('proposer');
  const votingOpen = query.bool('voting_open') ?? false;
  const words = query.text('q');
  const search = words === null ? null : searchQuery(words);
  if (words !== null && search === null) throw invalidArgument('q has no words to search for');
  return { status, groupId, policyAddress, proposer, votingOpen, search };
}

async function proposals(source: ArchiveSource, query: ArchiveQuery) {
  const filter = proposalFilter(query);
  const by = query.oneOf('order_by', ['id', 'submit_time', 'voting_period_end'] as const, 'id');
  const descending = query.oneOf('order', ['asc', 'desc'] as const, by === 'id' ? 'desc' : 'asc') === 'desc';
  const page = await readProposals(source.store.db, filter, { by, descending }, query.page());
  const live = await readLiveTallies(
    source.store.db,
    page.rows.filter((row) => row.status === OPEN_STATUS).map((row) => String(row.id)),
  );
  return {
    // An open proposal carries its tally at current weights (`live_tally`), as the node would count it now.
    proposals: page.rows.map((row) => withLiveTally(proposalJson(row), live.get(String(row.id)))),
    pagination: page.pagination,
  };
}

async function proposal(source: ArchiveSource, id: string) {
  const row = await readProposal(source.store.db, id);
  if (!row) throw notFound(`proposal ${id} is not in the archive`);
  const timeline = await readTimeline(source.store.db, id);
  return {
    proposal: { ...proposalJson(row), proof: await proposalProof(source.store.db, id) },
    timeline: timeline.map(timelineJson),
    // null: the archive did not see the tally made (it found the proposal decided, or it is not).
    tallied_with: await readTallyWeights(source.store.db, id),
    vote_count: await countProposalVotes(source.store.db, id),
    // Whether its votes are proven complete (all of them, and no other), and how many; null: not walked yet.
    vote_set: await voteSetJson(source.store.db, id),
    // The archive's recount of the final tally from its votes; null until it is tallied and recounted.
    tally_check: await readTallyCheck(source.store.db, id),
  };
}

async function proposalVotes(source: ArchiveSource, id: string, query: ArchiveQuery) {
  if (!(await proposalExists(source.store.db, id))) throw notFound(`proposal ${id} is not in the archive`);
  const by = query.oneOf('order_by', ['time', 'weight', 'voter'] as const, 'time');
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'asc') === 'desc';
  const page = await readProposalVotes(source.store.db, id, { by, descending }, query.page());
  return { votes: await withVoteProofs(source.store.db, page.rows.map(voteJson)), pagination: page.pagination };
}

async function voterVotes(source: ArchiveSource, address: string, query: ArchiveQuery) {
  if (!isAddress(address)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(address)}`);
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'desc') === 'desc';
  // Filters narrow the whole record in SQL, so "40 match" counts every vote, not the ones loaded.
  const option = query.text('option') === null ? null : query.oneOf('option', VOTE_OPTIONS, VOTE_OPTIONS[0]);
  const groupId = query.uint64('group_id');
  const page = await readVoterVotes(
    source.store.db,
    address.toLowerCase(),
    { option, groupId, descending },
    query.page(),
  );
  const votes = page.rows.map((row) => ({
    ...voteJson(row),
    proposal_title: String(row.title),
    proposal_status: String(row.status),
    executor_result: String(row.executor_result),
    group_id: String(row.group_id),
    group_name: String(row.group_name ?? ''),
  }));
  return { votes: await withVoteProofs(source.store.db, votes), pagination: page.pagination };
}

/** Every group the address was ever in or voted in, with its spans of membership and its votes there. */
async function voterGroups(source: ArchiveSource, address: string, query: ArchiveQuery) {
  if (!isAddress(address)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(address)}`);
  return voterGroupsOf(source.store.db, address.toLowerCase(), query.page());
}

async function groupHistory(source: ArchiveSource, id: string, query: ArchiveQuery) {
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'asc') === 'desc';
  const page = await readGroupHistory(source.store.db, id, descending, query.page());
  return { events: page.rows.map(groupHistoryJson), pagination: page.pagination };
}

/** Groups and policies whose name holds every word of `q`. */
async function names(source: ArchiveSource, query: ArchiveQuery) {
  const text = query.text('q');
  const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) throw invalidArgument('q must hold a word of a name');
  if (words.some((word) => word.length > 100)) throw invalidArgument('q has a word longer than 100 characters');
  const limit = Number(query.uint64('limit') ?? '8');
  if (limit < 1 || limit > 100) throw invalidArgument('limit must be between 1 and 100');
  return readNamed(source.store.db, words, limit);
}

/** Lowercase bech32 text: a prefix (letters and digits), `1`, then data characters. */
const ADDRESS_PREFIX = /^[a-z0-9]{1,83}1[02-9ac-hj-np-z]*$/;
/** Data characters a prefix needs after its `1`: fewer would walk a large share of every address. */
export const MIN_PREFIX_DATA = 3;

/** Voters, members, proposers and policies whose address begins with `prefix`. */
async function addresses(source: ArchiveSource, query: ArchiveQuery) {
  const prefix = (query.text('prefix') ?? '').toLowerCase();
  if (prefix === '') throw invalidArgument('prefix is required: the beginning of an address, like cosmos1qy3');
  if (prefix.length > 90) throw invalidArgument('prefix is longer than an address can be (90 characters)');
  if (!ADDRESS_PREFIX.test(prefix))
    throw invalidArgument(
      `prefix must be the beginning of a bech32 address (letters and digits, "1", then bech32 characters), got ${JSON.stringify(prefix)}`,
    );
  const data = prefix.length - prefix.lastIndexOf('1') - 1;
  if (data < MIN_PREFIX_DATA)
    throw invalidArgument(`prefix needs at least ${MIN_PREFIX_DATA} characters after the "1", got ${data}`);
  const limit = Number(query.uint64('limit') ?? '20');
  if (limit < 1 || limit > 100) throw invalidArgument('limit must be between 1 and 100');
  return readAddressesByPrefix(source.store.db, prefix, limit);
}

async function upgrades(source: ArchiveSource) {
  const json = upgradesJson(await readPlans(source.store.db), await readModuleVersionChanges(source.store.db));
  return { ...json, applied: await withUpgradeProofs(source.store.db, json.applied) };
}

function groupModuleJson(group: GroupModuleRecord | null, rebuilt: string | null) {
  if (!group) return null;
  return {
    present: group.present,
    left_at_height: group.leftAtHeight,
    left_with_upgrade: group.leftWithUpgrade,
    left_at_time: group.leftAtTime,
    // An archive begun after x/group left: how many groups and policies it rebuilt from transactions.
    rebuilt_from_transactions: rebuilt === null ? null : (JSON.parse(rebuilt) as unknown),
  };
}

async function status(source: ArchiveSource) {
  const meta = await readMeta(source.store.db);
  const cursor = await readCursor(source.store.db);
  const gaps = await readGaps(source.store.db);
  const writer = await readWriter(source.store.db);
  const state = source.follower.state;
  const totals = await proofSummary(source);
  const latest = cursor ? String(cursor.height) : null;
  const nodeLatest = state.nodeLatestHeight === null ? null : String(state.nodeLatestHeight);
  return {
    chain_id: meta.get('chain_id') ?? null,
    source: source.source,
    phase: state.phase,
    problem: state.problem,
    last_error: state.lastError,
    index_unused: state.indexUnused,
    earliest_height: meta.get('bootstrap_height') ?? null,
    latest_height: latest,
    latest_block_time: cursor ? cursor.time : null,
    node_latest_height: nodeLatest,
    node_heard_at: state.nodeHeardAt === null ? null : new Date(state.nodeHeardAt).toISOString(),
    lag: latest !== null && nodeLatest !== null ? String(BigInt(nodeLatest) - BigInt(latest)) : null,
    blocks_per_second: Number(state.blocksPerSecond.toFixed(1)),
    backfill: backfillJson(state, latest),
    /** While gaps are filled from the node: the heights rebuilt beside the archive, and how far. */
    fill: fillJson(state),
    /** Why the archive's gaps are not being filled (the node does not keep their heights). */
    fill_problem: state.fillProblem,
    /** The process that writes this archive (any number may serve it), and when its lease runs out. */
    writer: writer ? { holder: writer.holder, lease_expires: writer.expires_at } : null,
    /** The streaming replicas this process reads from (--archive-read-db): how far each has read, and whether reads go to it. */
    read_replicas: source.reads?.status() ?? [],
    gaps: gaps.map((row) => ({ from_height: row.from_height, to_height: row.to_height, reason: row.reason })),
    /** Per --webhook receiver: delivered, pending, the last failure and the next attempt. */
    webhooks: await webhookStatusJson(source.store),
    /** Per kind of record: how many the archive proved against the validators' signatures, and how many it holds without proof. */
    proofs: proofStatusJson(
      source.follower.proofs?.state ?? null,
      totals,
      source.follower.proofs?.witnessReports() ?? [],
      await readWitnessConflicts(source.store.db),
    ),
    /**
     * Whether the chain still has x/group (null until the archive recorded module versions); once
     * an upgrade removed it, from which height, with which upgrade and when (the archive keeps
     * its group history, and asks the node for no group state from then on).
     */
    group_module: groupModuleJson(await readGroupModule(source.store.db), meta.get('groups_rebuilt') ?? null),
    /** Per subject: the sets proven complete, and the archive's recount of every tally it followed. */
    completeness: await completenessStatusJson(source.store.db, totals, source.follower.selfCheck?.state),
  };
}

/** Every archive route: path pattern → handler. Path values come decoded. */
export const ARCHIVE_ROUTES: {
  pattern: RegExp;
  answer: (source: ArchiveSource, match: string[], query: ArchiveQuery) => Promise<unknown>;
}[] = [
  { pattern: /^status$/, answer: (source) => status(source) },
  ...PROOF_ROUTES,
  { pattern: /^proposals$/, answer: (source, _match, query) => proposals(source, query) },
  { pattern: /^proposals\/([^/]+)$/, answer: (source, match) => proposal(source, uint64Path(match[1])) },
  {
    pattern: /^proposals\/([^/]+)\/votes$/,
    answer: (source, match, query) => proposalVotes(source, uint64Path(match[1]), query),
  },
  { pattern: /^voters\/([^/]+)\/votes$/, answer: (source, match, query) => voterVotes(source, match[1], query) },
  {
    pattern: /^groups\/([^/]+)\/history$/,
    answer: (source, match, query) => groupHistory(source, uint64Path(match[1]), query),
  },
  ...GROUP_ROUTES,
  { pattern: /^upgrades$/, answer: (source) => upgrades(source) },
  { pattern: /^names$/, answer: (source, _match, query) => names(source, query) },
  { pattern: /^addresses$/, answer: (source, _match, query) => addresses(source, query) },
  { pattern: /^inbox\/([^/]+)$/, answer: (source, match, query) => inbox(source, match[1], query) },
  { pattern: /^voters\/([^/]+)\/groups$/, answer: (source, match, query) => voterGroups(source, match[1], query) },
];
