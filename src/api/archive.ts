import * as v from 'valibot';

import { getJson as getNodeJson } from './client.ts';
import { ContractError, NotFoundError, UnsupportedError } from './errors.ts';
import type { Page, PageParam } from './pagination.ts';
import { anyMessage, executorResult, proposalStatus, tallyResult, uint64 } from './schemas.ts';

// The Polity archive's API (`{endpoint}/polity/archive/v1/…`): what the chain has pruned. A plain
// node answers 501 (gRPC code 12) there; `isArchiveAbsent` tells a page to fall back to the node.

export const ARCHIVE = '/polity/archive/v1';
export const segment = encodeURIComponent;

/** A text field the archive may leave null. */
export const text = v.nullable(v.string());
export const pageResponse = v.object({ next_key: v.nullable(v.string()), total: uint64 });

export const archivedProposal = v.object({
  id: uint64,
  group_id: v.nullable(uint64),
  group_name: v.string(),
  group_policy_address: v.string(),
  policy_name: v.string(),
  proposers: v.array(v.string()),
  metadata: text,
  title: text,
  summary: text,
  submit_time: text,
  voting_period_end: text,
  status: proposalStatus,
  executor_result: v.nullable(executorResult),
  final_tally_result: v.partial(tallyResult),
  messages: v.optional(v.array(anyMessage), []),
  group_version: v.optional(v.nullable(uint64), null),
  group_policy_version: v.optional(v.nullable(uint64), null),
  on_chain: v.boolean(),
  pruned_height: v.nullable(uint64),
  known_from_height: v.nullable(uint64),
  last_seen_height: v.nullable(uint64),
  /** An open proposal's tally at current weights, in lists (checked where it is shown). */
  live_tally: v.optional(
    v.object({
      tally: tallyResult,
      total_weight: v.string(),
      standing: v.optional(v.nullable(v.object({ yes_needed: v.string(), outcome: v.string() })), null),
    }),
  ),
});

/** Heights being filled, how far it got, and an estimate. */
const fillProgress = v.object({
  from_height: v.string(),
  to_height: v.string(),
  done_blocks: v.string(),
  total_blocks: v.string(),
  eta_seconds: v.nullable(v.number()),
});

const archiveResponses = {
  status: v.object({
    chain_id: text,
    phase: v.string(),
    /** Why the archive is not following (a node that does not answer, a chain break), or null. */
    problem: v.optional(v.nullable(v.string()), null),
    earliest_height: v.nullable(v.string()),
    latest_height: v.nullable(v.string()),
    latest_block_time: text,
    node_latest_height: v.nullable(v.string()),
    lag: v.nullable(v.string()),
    /** While the archive fills history it did not hold: the range, how far it got, an estimate. */
    backfill: v.optional(v.nullable(fillProgress), null),
    /** While the archive fills its gaps from the node: the history rebuilt beside it, and how far. */
    fill: v.optional(v.nullable(v.object({ phase: v.string(), ...fillProgress.entries })), null),
    /** Why gaps inside the archive's range are not being filled. */
    fill_problem: v.optional(v.nullable(v.string()), null),
    /** Whether the chain still has x/group; once an upgrade removed it, since when (archives before it say nothing). */
    group_module: v.optional(
      v.nullable(
        v.object({
          present: v.boolean(),
          left_at_height: v.nullable(v.string()),
          left_with_upgrade: v.nullable(v.string()),
          left_at_time: v.nullable(v.string()),
          /** An archive begun after x/group left: the groups and policies it rebuilt from transactions. */
          rebuilt_from_transactions: v.optional(
            v.nullable(
              v.object({
                groups: v.number(),
                policies: v.number(),
                through_height: v.string(),
                from_genesis: v.optional(v.boolean(), false),
              }),
            ),
            null,
          ),
        }),
      ),
      null,
    ),
  }),
  proposals: v.object({ proposals: v.array(archivedProposal), pagination: pageResponse }),
};

export type ArchiveStatus = v.InferOutput<typeof archiveResponses.status>;

const STATUS_PATH = `${ARCHIVE}/status`;
/** An archive opening its database is asked about this often, for at most OPENING_WAIT_MS. */
const OPENING_POLL_MS = 1500;
const OPENING_WAIT_MS = 120_000;
const statusAsked = new Map<string, Promise<ArchiveStatus>>();
/** Per endpoint: settles once its archive is open (or known absent, or not answering about it). */
const archivesOpened = new Map<string, Promise<void>>();

export function archiveOpened(endpoint: string): Promise<void> {
  let opened = archivesOpened.get(endpoint);
  if (!opened) {
    opened = untilOpen(endpoint);
    archivesOpened.set(endpoint, opened);
  }
  return opened;
}

async function untilOpen(endpoint: string): Promise<void> {
  const deadline = Date.now() + OPENING_WAIT_MS;
  while (Date.now() < deadline) {
    const phase = await getArchiveStatus(endpoint).then(
      (status) => status.phase,
      () => null,
    );
    if (phase !== 'starting') return;
    await new Promise((resolve) => setTimeout(resolve, OPENING_POLL_MS));
  }
}
export type ArchivedProposal = v.InferOutput<typeof archivedProposal>;

/**
 * getJson for archive paths. A node without an archive answers them 501 (code 12); a server that
 * falls back to its web page for unknown paths (Polity with --archive off) answers HTML, and a
 * plain HTTP 404 without the archive's gRPC code means the route is not there: all are "absent".
 */
export const getArchiveJson: typeof getNodeJson = async (endpoint, path, schema, opts) => {
  // Nothing but the status is asked of an archive still opening its database (it would answer 503).
  if (path !== STATUS_PATH) await archiveOpened(endpoint);
  return getNodeJson(endpoint, path, schema, opts).catch((error: unknown) => {
    const notJson = error instanceof ContractError && /not JSON/.test(error.message);
    const noRoute = error instanceof NotFoundError && error.code === undefined;
    if (notJson || noRoute)
      throw new UnsupportedError(
        `${path.split('/').slice(4).join('/')}: this endpoint serves no archive`,
        error.endpoint,
        error.status,
      );
    throw error;
  });
};

/** True when the endpoint has no archive (a plain node answers the path with 501 / code 12). */
export const isArchiveAbsent = (error: unknown) => error instanceof UnsupportedError;

export const archivedProposalRowId = (proposal: ArchivedProposal) => proposal.id;

export interface Options {
  signal?: AbortSignal;
}
export interface ListOptions extends Options {
  param: PageParam;
  limit?: number;
}

/** Archive pages are keyset pages only; the total is asked for on the first page. */
function archivePageQuery(filters: Record<string, string | undefined>, options: ListOptions) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  query.set('pagination.limit', String(options.limit ?? 50));
  if (options.param === null) query.set('pagination.count_total', 'true');
  else if ('key' in options.param) query.set('pagination.key', options.param.key);
  return query;
}

export async function archiveList<T>(
  endpoint: string,
  path: string,
  schema: v.GenericSchema<unknown, Record<string, unknown> & { pagination: Page<T>['pagination'] }>,
  field: string,
  filters: Record<string, string | undefined>,
  options: ListOptions,
): Promise<Page<T>> {
  const { data } = await getArchiveJson(endpoint, `${ARCHIVE}/${path}`, schema, {
    query: archivePageQuery(filters, options),
    signal: options.signal,
  });
  return { rows: data[field] as T[], pagination: data.pagination, param: options.param };
}

/**
 * The archive's status. Calls made while one is under way share its answer (a page's status
 * query and the wait for an opening archive ask once between them), so none takes a signal.
 */
export function getArchiveStatus(endpoint: string, _options: Options = {}): Promise<ArchiveStatus> {
  let asking = statusAsked.get(endpoint);
  if (!asking) {
    asking = getArchiveJson(endpoint, STATUS_PATH, archiveResponses.status)
      .then(({ data }) => data)
      .finally(() => statusAsked.delete(endpoint));
    statusAsked.set(endpoint, asking);
  }
  return asking;
}

export interface ProposalFilters {
  status?: string;
  group_id?: string;
  group_policy_address?: string;
  proposer?: string;
  voting_open?: 'true';
  q?: string;
  order_by?: 'id' | 'submit_time' | 'voting_period_end';
  order?: 'asc' | 'desc';
}

export const getArchivedProposals = (endpoint: string, filters: ProposalFilters, options: ListOptions) =>
  archiveList<ArchivedProposal>(
    endpoint,
    'proposals',
    archiveResponses.proposals,
    'proposals',
    { ...filters },
    options,
  );
