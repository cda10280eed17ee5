import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, text, type Options } from './archive.ts';
import { proposalStatus, type ExecutorResult, type VoteOption } from './schemas.ts';

// An address's inbox in the archive (`inbox/{address}`), apart from the rest of the archive API:
// only the inbox page reads it, so its schema loads with that page. It is built from what that
// page's chunk already takes from the first page's (proposalStatus, which other pages take too):
// importing more of the first page's own schemas (uint64, executorResult …) would make the first
// page's chunk export each of them, and grow (33 bytes gzipped for executorResult and voteOption).

// Ids and weights stay text (checked as digits where the first page's schemas check them).
const uint64 = v.string();
const decimal = v.string();
const executorResult = v.picklist([
  'PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED',
  'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
  'PROPOSAL_EXECUTOR_RESULT_FAILURE',
] satisfies ExecutorResult[]);
const voteOption = v.picklist([
  'VOTE_OPTION_UNSPECIFIED',
  'VOTE_OPTION_YES',
  'VOTE_OPTION_ABSTAIN',
  'VOTE_OPTION_NO',
  'VOTE_OPTION_NO_WITH_VETO',
] satisfies VoteOption[]);

const openProposal = v.object({
  proposal_id: uint64,
  title: text,
  group_id: uint64,
  group_name: v.string(),
  group_policy_address: v.string(),
  policy_name: v.string(),
  submit_time: text,
  voting_period_end: v.string(),
  weight: decimal,
  /** Its tally at current weights (checked where it is shown). */
  live_tally: v.optional(
    v.nullable(
      v.object({
        tally: v.object({ yes_count: decimal, abstain_count: decimal, no_count: decimal, no_with_veto_count: decimal }),
        total_weight: decimal,
        standing: v.optional(
          v.nullable(v.object({ yes_needed: decimal, outcome: v.picklist(['passing', 'failing', 'open']) })),
          null,
        ),
      }),
    ),
    null,
  ),
});

const decidedProposal = v.object({
  proposal_id: uint64,
  title: text,
  group_id: uint64,
  group_name: v.string(),
  group_policy_address: v.string(),
  status: proposalStatus,
  executor_result: v.nullable(executorResult),
  /** The tally the chain stored when it decided. */
  final_tally_result: v.optional(v.record(v.string(), v.string())),
  decided_height: uint64,
  decided_time: v.string(),
  option: voteOption,
  weight: v.nullable(decimal),
});

const inbox = v.object({
  address: v.string(),
  as_of_height: v.nullable(uint64),
  as_of_time: text,
  since: text,
  open: v.array(openProposal),
  /** How many are open for it in all: more than `open` lists when over the archive's limit. */
  open_total: uint64,
  decided: v.array(decidedProposal),
  decided_total: uint64,
});

export type Inbox = v.InferOutput<typeof inbox>;
export type InboxOpenProposal = Inbox['open'][number];
export type InboxDecidedProposal = Inbox['decided'][number];

/** What waits for an address's vote, and what became of what it voted on since `since` (RFC 3339; default 30 days). */
export const getInbox = (endpoint: string, address: string, options: Options & { since?: string } = {}) =>
  getArchiveJson(endpoint, `${ARCHIVE}/inbox/${encodeURIComponent(address)}`, inbox, {
    signal: options.signal,
    query: options.since ? new URLSearchParams({ since: options.since }) : undefined,
  }).then(({ data }) => data);
