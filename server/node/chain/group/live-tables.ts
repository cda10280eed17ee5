import type { VersionedTable } from '../../store/versioned-table.ts';
import type { GroupInfo, Member, PolicyInfo, Proposal, Vote } from '../records.ts';
import type { GroupTables } from './group-view.ts';

// Its own file: the store that owns these tables and the tree that mirrors them both name them.

/** The live tables behind GroupTables, writable. */
export interface LiveTables extends GroupTables {
  readonly groups: VersionedTable<GroupInfo>;
  readonly groupsByAdmin: VersionedTable<bigint>;
  readonly members: VersionedTable<Member>;
  readonly groupsByMember: VersionedTable<Member>;
  readonly policies: VersionedTable<PolicyInfo>;
  readonly policiesByGroup: VersionedTable<string>;
  readonly policiesByAdmin: VersionedTable<string>;
  readonly proposals: VersionedTable<Proposal>;
  readonly proposalsByPolicy: VersionedTable<bigint>;
  readonly votes: VersionedTable<Vote>;
  readonly votesByVoter: VersionedTable<Vote>;
}
