import { KeyRange } from '../../store/key-range.ts';
import { u64Key } from '../../store/keys.ts';
import type { ReadTable } from '../../store/versioned-table.ts';
import type { GovParams } from './gov-params.ts';
import type { GovDeposit, GovProposal, GovVote } from './gov-records.ts';
import type { Stake } from './stake.ts';

/**
 * x/gov's collections, keyed as the module keys them (proposal id big-endian, then the
 * address bytes), read-only: the live store is one, and every committed block freezes another.
 */
export interface GovTables {
  readonly proposals: ReadTable<GovProposal>;
  /** proposal id ‖ voter */
  readonly votes: ReadTable<GovVote>;
  /** proposal id ‖ depositor */
  readonly deposits: ReadTable<GovDeposit>;
}

export class GovView {
  constructor(
    protected readonly tables: GovTables,
    protected currentParams: GovParams,
    protected currentStake: Stake,
  ) {}

  get params(): GovParams {
    return this.currentParams;
  }

  get stake(): Stake {
    return this.currentStake;
  }

  proposal(id: bigint): GovProposal | undefined {
    return this.tables.proposals.get(u64Key(id));
  }

  get proposals(): ReadTable<GovProposal> {
    return this.tables.proposals;
  }

  votesOf(proposalId: bigint): KeyRange<GovVote> {
    return new KeyRange(this.tables.votes, u64Key(proposalId), true);
  }

  vote(proposalId: bigint, voterKey: string): GovVote | undefined {
    return this.tables.votes.get(u64Key(proposalId) + voterKey);
  }

  depositsOf(proposalId: bigint): KeyRange<GovDeposit> {
    return new KeyRange(this.tables.deposits, u64Key(proposalId), true);
  }

  deposit(proposalId: bigint, depositorKey: string): GovDeposit | undefined {
    return this.tables.deposits.get(u64Key(proposalId) + depositorKey);
  }
}
