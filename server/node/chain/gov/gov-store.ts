import { u64Key } from '../../store/keys.ts';
import { VersionedTable } from '../../store/versioned-table.ts';
import type { EventSink } from '../events.ts';
import { GENESIS_GOV_PARAMS, type GovParams } from './gov-params.ts';
import type { GovDeposit, GovProposal, GovVote } from './gov-records.ts';
import { GovView, type GovTables } from './gov-view.ts';
import { NO_STAKE, type Stake } from './stake.ts';

interface LiveTables extends GovTables {
  readonly proposals: VersionedTable<GovProposal>;
  readonly votes: VersionedTable<GovVote>;
  readonly deposits: VersionedTable<GovDeposit>;
}

/**
 * x/gov's live state: the collections, the proposal id sequence and the two queues the
 * end-blocker walks (proposals in their deposit period, proposals in voting). Rules live in the
 * message server, the tally and the end-blocker; this class only stores.
 */
export class GovStore extends GovView {
  private readonly live: LiveTables;
  /** The id the next proposal gets (x/gov's ProposalID sequence starts at 1). */
  nextProposalId = 1n;
  /** Proposals in their voting period: the end-blocker's ActiveProposalsQueue. */
  readonly votingQueue = new Set<bigint>();
  /** Proposals still waiting for their minimum deposit: the InactiveProposalsQueue. */
  readonly depositQueue = new Set<bigint>();
  /** Where the current transaction's (or end-blocker's) events go. */
  events: EventSink = () => undefined;

  constructor() {
    const tables: LiveTables = {
      proposals: new VersionedTable(),
      votes: new VersionedTable(),
      deposits: new VersionedTable(),
    };
    super(tables, GENESIS_GOV_PARAMS, NO_STAKE);
    this.live = tables;
  }

  setGenesis(params: GovParams, stake: Stake): void {
    this.currentParams = params;
    this.currentStake = stake;
  }

  freeze(): GovView {
    const tables: GovTables = {
      proposals: this.live.proposals.snapshot(),
      votes: this.live.votes.snapshot(),
      deposits: this.live.deposits.snapshot(),
    };
    return new GovView(tables, this.currentParams, this.currentStake);
  }

  putProposal(proposal: GovProposal): void {
    this.live.proposals.set(u64Key(proposal.id), proposal);
    this.votingQueue.delete(proposal.id);
    this.depositQueue.delete(proposal.id);
    if (proposal.status === 'PROPOSAL_STATUS_VOTING_PERIOD') this.votingQueue.add(proposal.id);
    if (proposal.status === 'PROPOSAL_STATUS_DEPOSIT_PERIOD') this.depositQueue.add(proposal.id);
  }

  deleteProposal(id: bigint): void {
    this.live.proposals.delete(u64Key(id));
    this.votingQueue.delete(id);
    this.depositQueue.delete(id);
  }

  putVote(vote: GovVote): void {
    this.live.votes.set(u64Key(vote.proposalId) + vote.voterKey, vote);
  }

  deleteVotes(proposalId: bigint): void {
    for (const vote of this.votesOf(proposalId).values()) {
      this.live.votes.delete(u64Key(proposalId) + vote.voterKey);
    }
  }

  putDeposit(deposit: GovDeposit): void {
    this.live.deposits.set(u64Key(deposit.proposalId) + deposit.depositorKey, deposit);
  }

  deleteDeposits(proposalId: bigint): void {
    for (const deposit of this.depositsOf(proposalId).values()) {
      this.live.deposits.delete(u64Key(proposalId) + deposit.depositorKey);
    }
  }
}
