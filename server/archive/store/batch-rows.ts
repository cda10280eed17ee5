import type { SqlExecutor } from './db/sql-database.ts';
import { GroupHistoryRows } from './groups/group-writes.ts';
import { ProposalRows } from './proposals/proposal-writes.ts';
import { ModuleVersionRows, PlanChangeRows } from './upgrades/upgrade-writes.ts';
import { VoteRows } from './votes/vote-writes.ts';

/**
 * Rows of a batch of blocks, gathered per subject and written a few statements per batch at its
 * end (on PGlite a statement costs far more than the row it carries). Every row is an upsert or
 * an insert keyed by what it describes, so a re-processed block changes nothing.
 */
export class BatchRows {
  readonly proposals = new ProposalRows();
  readonly votes = new VoteRows();
  readonly groupHistory = new GroupHistoryRows();
  readonly moduleVersions = new ModuleVersionRows();
  readonly plans = new PlanChangeRows();

  async flush(tx: SqlExecutor): Promise<void> {
    await this.proposals.flushProposals(tx);
    await this.votes.flush(tx);
    await this.proposals.flush(tx);
    await this.groupHistory.flush(tx);
    await this.moduleVersions.flush(tx);
    await this.plans.flush(tx);
  }
}
