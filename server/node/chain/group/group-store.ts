import { type Dec } from '../../../lib/apd-dec.ts';
import type { IavlStore } from '../../store/iavl-store.ts';
import { lengthPrefixed } from '../../store/key-range.ts';
import { POLICY_ROW_PREFIX, u64Key } from '../../store/keys.ts';
import { VersionedTable } from '../../store/versioned-table.ts';
import type { EventSink } from '../events.ts';
import type { GroupInfo, Member, PolicyInfo, Proposal, Vote } from '../records.ts';
import { loadGroupStore, observeGroupTables } from './group-tree.ts';
import { GroupView, type GroupTables, type MemberLookup } from './group-view.ts';
import type { LiveTables } from './live-tables.ts';

/** A copy of a string in its own fresh memory (not a slice of a larger one). */
const freshCopy = (text: string) => Buffer.from(text, 'latin1').toString('latin1');

const SMALL_LIMIT = 1n << 32n;
/** Whole weights below 2^32 are also kept as numbers, so tallies add them without BigInt. */
export const smallWeightOf = (weight: Dec): number | undefined =>
  weight.exp === 0 && weight.coef >= 0n && weight.coef < SMALL_LIMIT ? Number(weight.coef) : undefined;

function liveTables(): LiveTables {
  return {
    groups: new VersionedTable(),
    groupsByAdmin: new VersionedTable(),
    members: new VersionedTable(),
    groupsByMember: new VersionedTable(),
    policies: new VersionedTable(),
    policiesByGroup: new VersionedTable(),
    policiesByAdmin: new VersionedTable(),
    proposals: new VersionedTable(),
    proposalsByPolicy: new VersionedTable(),
    votes: new VersionedTable(),
    votesByVoter: new VersionedTable(),
  };
}

function snapshotOf(live: LiveTables): GroupTables {
  return {
    groups: live.groups.snapshot(),
    groupsByAdmin: live.groupsByAdmin.snapshot(),
    members: live.members.snapshot(),
    groupsByMember: live.groupsByMember.snapshot(),
    policies: live.policies.snapshot(),
    policiesByGroup: live.policiesByGroup.snapshot(),
    policiesByAdmin: live.policiesByAdmin.snapshot(),
    proposals: live.proposals.snapshot(),
    proposalsByPolicy: live.proposalsByPolicy.snapshot(),
    votes: live.votes.snapshot(),
    votesByVoter: live.votesByVoter.snapshot(),
  };
}

/**
 * x/group's live state: the tables, the primitive writes that keep every index in step, and
 * what only the state machine needs (sequences, balances, the end-blocker's worklist). Rules live
 * in the message server, the tally and the end-blocker; this class only stores.
 */
export class GroupStore extends GroupView {
  private readonly live: LiveTables;
  /** Point lookups of a member by group, for tallies over very many votes (latest state only). */
  private readonly memberIndex = new Map<bigint, Map<string, Member>>();
  /** Bank balances of policy accounts, in stake; they decide whether a MsgSend executes. */
  declare readonly balances: Map<string, bigint>;
  /** Proposals still in voting, aborted or withdrawn: the only ones the end-blocker must look at. */
  readonly pendingAtEnd = new Set<bigint>();

  /** Where the current transaction's (or end-blocker's) events go; nowhere while building genesis. */
  events: EventSink = () => undefined;

  groupSeq = 0n;
  policySeq = 0n;
  proposalSeq = 0n;

  constructor(addressBook: Map<string, string>) {
    const tables = liveTables();
    super(tables, addressBook, new Map<string, bigint>());
    this.live = tables;
  }

  /** Starts keeping the store as an IAVL tree: from the state as it is now, then every write. */
  startTree(tree: IavlStore, versionRuns: readonly [number, number][] | undefined, version: number): void {
    tree.start((into) => loadGroupStore(this.live, this.sequences, into), versionRuns, version);
    observeGroupTables(this.live, tree);
  }

  /** The sequences as the ORM stores them. */
  get sequences() {
    return { group: this.groupSeq, policy: this.policySeq, proposal: this.proposalSeq };
  }

  /** The state as it is now, read-only, unaffected by later writes: what a block commits. */
  freeze(): GroupView {
    const view = new GroupView(snapshotOf(this.live), this.addressBook, new Map(this.balances));
    for (const [id, entry] of this.tallyCache) view.tallyCache.set(id, entry);
    return view;
  }

  override member(groupId: bigint, addressKey: string): Member | undefined {
    return this.memberIndex.get(groupId)?.get(addressKey);
  }

  override memberLookup(groupId: bigint): MemberLookup {
    return this.memberIndex.get(groupId) ?? new Map<string, Member>();
  }

  /** Stores a group; a changed admin moves it in the by-admin index, as the ORM's secondary index does. */
  putGroup(info: GroupInfo): void {
    const before = this.group(info.id);
    this.live.groups.set(u64Key(info.id), info);
    if (before?.admin === info.admin) return;
    if (before) this.live.groupsByAdmin.delete(lengthPrefixed(this.addressKey(before.admin)) + u64Key(info.id));
    this.live.groupsByAdmin.set(lengthPrefixed(this.addressKey(info.admin)) + u64Key(info.id), info.id);
  }

  putMember(member: Member): void {
    const rowKey = u64Key(member.groupId) + member.key;
    this.live.members.set(rowKey, member);
    this.live.groupsByMember.set(lengthPrefixed(member.key) + rowKey, member);
    let index = this.memberIndex.get(member.groupId);
    if (!index) this.memberIndex.set(member.groupId, (index = new Map()));
    index.set(member.key, member);
  }

  /**
   * Every member of a new group at once (large scenarios), by address key: sorted into the tables
   * once instead of per row. The map itself becomes the group's member index.
   */
  loadMembers(groupId: bigint, members: Map<string, Member>): void {
    const groupKey = u64Key(groupId);
    const rows: [string, Member][] = [];
    const byMember: [string, Member][] = [];
    for (const member of members.values()) {
      rows.push([groupKey + member.key, member]);
      byMember.push([lengthPrefixed(member.key) + groupKey + member.key, member]);
    }
    this.live.members.bulkLoad(rows);
    this.live.groupsByMember.bulkLoad(byMember);
    this.memberIndex.set(groupId, members);
  }

  removeMember(groupId: bigint, addressKey: string): void {
    const rowKey = u64Key(groupId) + addressKey;
    this.live.members.delete(rowKey);
    this.live.groupsByMember.delete(lengthPrefixed(addressKey) + rowKey);
    this.memberIndex.get(groupId)?.delete(addressKey);
  }

  putPolicy(info: PolicyInfo): void {
    const rowId = POLICY_ROW_PREFIX + info.key;
    const before = this.live.policies.get(rowId);
    this.live.policies.set(rowId, info);
    if (!before) this.live.policiesByGroup.set(u64Key(info.groupId) + rowId, info.key);
    if (before?.admin === info.admin) return;
    if (before) this.live.policiesByAdmin.delete(lengthPrefixed(this.addressKey(before.admin)) + rowId);
    this.live.policiesByAdmin.set(lengthPrefixed(this.addressKey(info.admin)) + rowId, info.key);
  }

  putProposal(proposal: Proposal): void {
    const isNew = !this.proposal(proposal.id);
    this.live.proposals.set(u64Key(proposal.id), proposal);
    if (isNew) {
      const policyKey = lengthPrefixed(this.addressKey(proposal.policyAddress));
      this.live.proposalsByPolicy.set(policyKey + u64Key(proposal.id), proposal.id);
    }
  }

  putVote(vote: Vote): void {
    const rowKey = u64Key(vote.proposalId) + vote.voterKey;
    this.live.votes.set(rowKey, vote);
    this.live.votesByVoter.set(lengthPrefixed(vote.voterKey) + rowKey, vote);
  }

  /** Many votes on one proposal at once (large scenarios), laid out in key order. */
  loadVotes(proposalId: bigint, votes: Vote[]): void {
    const proposalKey = u64Key(proposalId);
    // Rows are (re)allocated in key order, so a page reads neighbouring memory rather than
    // objects scattered over the heap in insertion order.
    const sorted = [...votes].sort((a, b) => (a.voterKey < b.voterKey ? -1 : a.voterKey > b.voterKey ? 1 : 0));
    const rows: [string, Vote][] = sorted.map((vote) => [
      proposalKey + vote.voterKey,
      { ...vote, voter: freshCopy(vote.voter) },
    ]);
    this.live.votes.bulkLoad(rows);
    this.live.votesByVoter.bulkLoad(rows.map(([rowKey, vote]) => [lengthPrefixed(vote.voterKey) + rowKey, vote]));
  }

  pruneVotes(proposalId: bigint): void {
    const votes = this.votesOf(proposalId);
    const rowKeys: string[] = [];
    for (let i = 0; i < votes.size; i++) rowKeys.push(votes.keyAt(i));
    for (const rowKey of rowKeys) {
      const vote = this.live.votes.get(rowKey);
      this.live.votes.delete(rowKey);
      if (vote) this.live.votesByVoter.delete(lengthPrefixed(vote.voterKey) + rowKey);
    }
    this.tallyCache.delete(proposalId);
  }

  pruneProposal(proposal: Proposal): void {
    this.pruneVotes(proposal.id);
    this.live.proposals.delete(u64Key(proposal.id));
    const policyKey = lengthPrefixed(this.addressKey(proposal.policyAddress));
    this.live.proposalsByPolicy.delete(policyKey + u64Key(proposal.id));
    this.pendingAtEnd.delete(proposal.id);
  }
}
