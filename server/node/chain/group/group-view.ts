import { decodeAccAddress } from '../../lib/bech32-sdk.ts';
import { KeyRange, lengthPrefixed } from '../../store/key-range.ts';
import { POLICY_ROW_PREFIX, u64Key } from '../../store/keys.ts';
import type { ReadTable } from '../../store/versioned-table.ts';
import { ChainError } from '../chain-error.ts';
import type { GroupInfo, Member, PolicyInfo, Proposal, Tally, Vote } from '../records.ts';

/**
 * x/group's tables and indexes, laid out as the SDK's ORM keys them (one ordered table per
 * index: search key ‖ RowID), read-only. The live store is one of these; every committed block
 * freezes another, so a query pinned to a height reads exactly that block's state.
 */
export interface GroupTables {
  readonly groups: ReadTable<GroupInfo>;
  /** lp(admin) ‖ group id */
  readonly groupsByAdmin: ReadTable<bigint>;
  /** group id ‖ member address: the GroupMember table itself */
  readonly members: ReadTable<Member>;
  /** lp(member) ‖ group id ‖ member address */
  readonly groupsByMember: ReadTable<Member>;
  /** 0x20 ‖ policy address */
  readonly policies: ReadTable<PolicyInfo>;
  /** group id ‖ 0x20 ‖ policy address */
  readonly policiesByGroup: ReadTable<string>;
  /** lp(admin) ‖ 0x20 ‖ policy address */
  readonly policiesByAdmin: ReadTable<string>;
  readonly proposals: ReadTable<Proposal>;
  /** lp(policy address) ‖ proposal id */
  readonly proposalsByPolicy: ReadTable<bigint>;
  /** proposal id ‖ voter: the Vote table itself */
  readonly votes: ReadTable<Vote>;
  /** lp(voter) ‖ proposal id ‖ voter */
  readonly votesByVoter: ReadTable<Vote>;
}

/** Member lookups by address key within one group, as tallies need them. */
export interface MemberLookup {
  get(addressKey: string): Member | undefined;
}

export class GroupView {
  /** Live tallies by proposal, valid while the group version and vote count are unchanged. */
  readonly tallyCache = new Map<bigint, { stamp: string; tally: Tally }>();

  /**
   * `addressBook` maps every bech32 address the chain has seen to its key bytes (latin1). It only
   * grows, so a view of an older block can share the live one.
   */
  constructor(
    protected readonly tables: GroupTables,
    readonly addressBook: Map<string, string>,
    /** Bank balances of policy accounts (in stake), by address key, as of this view's block. */
    readonly balances: ReadonlyMap<string, bigint> = new Map(),
  ) {}

  /**
   * Address text → index key bytes. An address the chain has not seen yet (a new account sending
   * its first transaction, as on any real chain) is decoded and remembered; one that does not
   * decode is refused.
   */
  addressKey(address: string): string {
    const known = this.addressBook.get(address);
    if (known !== undefined) return known;
    const decoded = decodeAccAddress(address);
    if (!Buffer.isBuffer(decoded)) throw new ChainError(`unknown address ${address}`);
    const key = decoded.toString('latin1');
    this.addressBook.set(address, key);
    return key;
  }

  policyOf(address: string): PolicyInfo | undefined {
    return this.policyByKey(this.addressKey(address));
  }

  group(id: bigint): GroupInfo | undefined {
    return this.tables.groups.get(u64Key(id));
  }

  get groups(): ReadTable<GroupInfo> {
    return this.tables.groups;
  }

  groupsByAdmin(adminKey: string): KeyRange<bigint> {
    return new KeyRange(this.tables.groupsByAdmin, lengthPrefixed(adminKey), false);
  }

  member(groupId: bigint, addressKey: string): Member | undefined {
    return this.tables.members.get(u64Key(groupId) + addressKey);
  }

  memberLookup(groupId: bigint): MemberLookup {
    const groupKey = u64Key(groupId);
    return { get: (addressKey) => this.tables.members.get(groupKey + addressKey) };
  }

  membersOf(groupId: bigint): KeyRange<Member> {
    return new KeyRange(this.tables.members, u64Key(groupId), true);
  }

  groupsByMember(memberKey: string): KeyRange<Member> {
    return new KeyRange(this.tables.groupsByMember, lengthPrefixed(memberKey), false);
  }

  policyByKey(addressKey: string): PolicyInfo | undefined {
    return this.tables.policies.get(POLICY_ROW_PREFIX + addressKey);
  }

  allPolicies(): PolicyInfo[] {
    return this.tables.policies.values();
  }

  policiesByGroup(groupId: bigint): KeyRange<string> {
    return new KeyRange(this.tables.policiesByGroup, u64Key(groupId), false);
  }

  policiesByAdmin(adminKey: string): KeyRange<string> {
    return new KeyRange(this.tables.policiesByAdmin, lengthPrefixed(adminKey), false);
  }

  proposal(id: bigint): Proposal | undefined {
    return this.tables.proposals.get(u64Key(id));
  }

  get proposals(): ReadTable<Proposal> {
    return this.tables.proposals;
  }

  proposalsByPolicy(policyKey: string): KeyRange<bigint> {
    return new KeyRange(this.tables.proposalsByPolicy, lengthPrefixed(policyKey), false);
  }

  votesOf(proposalId: bigint): KeyRange<Vote> {
    return new KeyRange(this.tables.votes, u64Key(proposalId), true);
  }

  vote(proposalId: bigint, voterKey: string): Vote | undefined {
    return this.tables.votes.get(u64Key(proposalId) + voterKey);
  }

  votesByVoter(voterKey: string): KeyRange<Vote> {
    return new KeyRange(this.tables.votesByVoter, lengthPrefixed(voterKey), false);
  }
}
