import { createHash } from 'node:crypto';

import { MsgSubmitProposal, MsgVote } from 'cosmjs-types/cosmos/group/v1/tx';
import { voteOptionToJSON } from 'cosmjs-types/cosmos/group/v1/types';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';

import type { AbciEventData, FetchedBlock } from '../../source/rpc-reader.ts';
import type { PlanSource } from '../../vocabulary.ts';

// What one block tells the archive, from its transactions and events alone: the facts that are
// only ever visible there (the voter and option of a vote; a proposal executed and pruned in
// the transaction that submitted or voted on it) and the records whose state must be read at
// this height. Failed transactions changed nothing and are skipped.

export interface VoteFact {
  proposalId: string;
  voter: string;
  option: string;
  metadata: string;
  /** The transaction that cast it, as CometBFT names it (tx_search's `hash`). */
  txHash: string;
}

export interface PrunedFact {
  proposalId: string;
  status: string;
  tally: string;
}

export interface ExecFact {
  proposalId: string;
  result: string;
  logs: string;
  /** The MsgExec, or the submission or vote with EXEC_TRY, that ran it (null: no transaction did). */
  txHash: string | null;
}

export interface SubmitFact {
  proposalId: string;
  message: MsgSubmitProposal;
  txHash: string;
}

export interface BlockFacts {
  votes: VoteFact[];
  submitted: SubmitFact[];
  executed: ExecFact[];
  withdrawn: string[];
  pruned: PrunedFact[];
  /** Groups whose info or membership changed: read at this height. */
  groups: Set<string>;
  /** Policies created or updated (an update aborts their open proposals): read at this height. */
  policies: Set<string>;
  /**
   * What may have scheduled, replaced or cancelled the upgrade plan in this block: an x/gov
   * proposal passed by the end-blocker, a group proposal executed (its messages may carry
   * MsgSoftwareUpgrade or MsgCancelUpgrade for a group-policy authority), or a transaction of
   * the authority. The plan itself is read at this height: no event carries it.
   */
  planSources: PlanSource[];
}

const UPGRADE_MESSAGES = new Set([
  '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
  '/cosmos.upgrade.v1beta1.MsgCancelUpgrade',
]);

export const attribute = (event: AbciEventData, key: string) =>
  event.attributes.find((entry) => entry.key === key)?.value;
/** Typed event attributes hold JSON: `"\"2\""` is the string 2. */
export const jsonValue = (event: AbciEventData, key: string): string => {
  const raw = attribute(event, key);
  if (raw === undefined) return '';
  const parsed: unknown = JSON.parse(raw);
  return typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
};

const GROUP = 'cosmos.group.v1.';

/** CometBFT's name for a transaction: the SHA-256 of its bytes, in uppercase hex. */
export const transactionHash = (tx: Uint8Array) => createHash('sha256').update(tx).digest('hex').toUpperCase();

/** `txHash`: the transaction the events are of (null: the block's own, from its end-blocker). */
function readEvents(events: readonly AbciEventData[], facts: BlockFacts, txHash: string | null): void {
  for (const event of events) {
    // x/gov's end-blocker passing a proposal (plain attribute values, unlike x/group's JSON).
    if (event.type === 'active_proposal' && attribute(event, 'proposal_result') === 'proposal_passed') {
      facts.planSources.push(`gov:${attribute(event, 'proposal_id') ?? ''}`);
      continue;
    }
    if (!event.type.startsWith(GROUP)) continue;
    const name = event.type.slice(GROUP.length);
    if (name === 'EventCreateGroup' || name === 'EventUpdateGroup' || name === 'EventLeaveGroup') {
      facts.groups.add(jsonValue(event, 'group_id'));
    } else if (name === 'EventCreateGroupPolicy' || name === 'EventUpdateGroupPolicy') {
      facts.policies.add(jsonValue(event, 'address'));
    } else if (name === 'EventExec') {
      const executed = {
        proposalId: jsonValue(event, 'proposal_id'),
        result: jsonValue(event, 'result'),
        logs: jsonValue(event, 'logs'),
        txHash,
      };
      facts.executed.push(executed);
      if (executed.result === 'PROPOSAL_EXECUTOR_RESULT_SUCCESS')
        facts.planSources.push(`group:${executed.proposalId}`);
    } else if (name === 'EventWithdrawProposal') {
      facts.withdrawn.push(jsonValue(event, 'proposal_id'));
    } else if (name === 'EventProposalPruned') {
      facts.pruned.push({
        proposalId: jsonValue(event, 'proposal_id'),
        status: jsonValue(event, 'status'),
        tally: attribute(event, 'tally_result') ?? '{}',
      });
    }
  }
}

export function decodeBlock(block: FetchedBlock): BlockFacts {
  const facts: BlockFacts = {
    votes: [],
    submitted: [],
    executed: [],
    withdrawn: [],
    pruned: [],
    groups: new Set(),
    policies: new Set(),
    planSources: [],
  };
  block.txs.forEach((tx, index) => {
    const result = block.results[index];
    if (!result || result.code !== 0) return;
    const body = TxBody.decode(TxRaw.decode(tx).bodyBytes);
    const txHash = transactionHash(tx);
    body.messages.forEach((any, msgIndex) => {
      const events = result.events.filter((event) => attribute(event, 'msg_index') === String(msgIndex));
      if (any.typeUrl === '/cosmos.group.v1.MsgVote') {
        const vote = MsgVote.decode(any.value);
        facts.votes.push({
          proposalId: String(vote.proposalId),
          voter: vote.voter,
          option: voteOptionToJSON(vote.option),
          metadata: vote.metadata,
          txHash,
        });
      } else if (any.typeUrl === '/cosmos.group.v1.MsgSubmitProposal') {
        const message = MsgSubmitProposal.decode(any.value);
        const submitted = events.find((event) => event.type === `${GROUP}EventSubmitProposal`);
        if (submitted) {
          const proposalId = jsonValue(submitted, 'proposal_id');
          facts.submitted.push({ proposalId, message, txHash });
          // EXEC_TRY: each proposer's yes vote is only visible here.
          if (events.some((event) => event.type === `${GROUP}EventVote`)) {
            for (const proposer of message.proposers) {
              facts.votes.push({ proposalId, voter: proposer, option: 'VOTE_OPTION_YES', metadata: '', txHash });
            }
          }
        }
      } else if (UPGRADE_MESSAGES.has(any.typeUrl)) {
        facts.planSources.push(`tx:${txHash}`);
      }
      readEvents(events, facts, txHash);
    });
  });
  readEvents(block.finalizeEvents, facts, null);
  return facts;
}
