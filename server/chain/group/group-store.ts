import { type Dec } from '../../lib/dec.ts';
import { policyRowKey, u64Key } from '../../store/keys.ts';
import { SortedTable, TableMap } from '../../store/sorted-table.ts';
import { ChainError } from '../chain-error.ts';
import type { GroupInfo, Member, PolicyInfo, Proposal, Tally, Vote } from '../records.ts';

/** A copy of a string in its own fresh memory (not a slice of a larger one). */
const freshCopy = (text: string) => Buffer.from(text, 'latin1').toString('latin1');

const SMALL_LIMIT = 1n << 32n;
/** Whole weights below 2^32 are also kept as numbers, so tallies add them without BigInt. */
export const smallWeightOf = (weight: Dec): number | undefined =>
  weight.exp === 0 && weight.coef >= 0n && weight.coef < SMALL_LIMIT ? Number(weight.coef) : undefined;

/**
 * x/group's state: the tables and secondary indexes laid out and ordered as the SDK's ORM keeps
 * them (see store/keys.ts), with the lookups and the primitive writes that keep indexes in step.
 * Rules live in the message server, the tally and the end-blocker; this class only stores.
 */
export class GroupStore {
  readonly groups = new SortedTable<GroupInfo>();
  readonly groupsByAdmin = new TableMap<bigint>();
  readonly members = new TableMap<Member>();
  /** Point lookups of a member by group, for tallies over very many votes. */
  private readonly memberIndex = new Map<bigint, Map<string, Member>>();
  readonly groupsByMember = new TableMap<Member>();
  readonly policies = new Map<string, PolicyInfo>();
  readonly policiesByGroup = new TableMap<string>();
  readonly policiesByAdmin = new TableMap<string>();
  readonly proposals = new Map<bigint, Proposal>();
  readonly proposalsByPolicy = new TableMap<bigint>();
  readonly votesByProposal = new TableMap<Vote>();
  readonly votesByVoter = new TableMap<Vote>();
  /** Bank balances of policy accounts, in stake; they decide whether a MsgSend executes. */
  readonly balances = new Map<string, bigint>();
  /** Proposals still in voting, aborted or withdrawn: the only ones the end-blocker must look at. */
  readonly pendingAtEnd = new Set<bigint>();
  /** Live tallies by proposal, valid while the group version and vote count are unchanged. */
  readonly tallyCache = new Map<bigint, { stamp: string; tally: Tally }>();

  groupSeq = 0n;
  policySeq = 0n;
  proposalSeq = 0n;

  /** `addressBook` maps every bech32 address the chain knows to its key bytes (latin1). */
  constructor(readonly addressBook: Map<string, string>) {}

  /** Address text → index key bytes, for addresses this chain produced (always valid). */
  addressKey(address: string): string {
    const key = this.addressBook.get(address);
    if (key === undefined) throw new ChainError(`unknown address ${address}`);
    return key;
  }

  group(id: bigint): GroupInfo | undefined {
    return this.groups.get(u64Key(id));
  }

  member(groupId: bigint, addressKey: string): Member | undefined {
    return this.memberIndex.get(groupId)?.get(addressKey);
  }

  /** The group's members by address key, for tallies that look up every voter. */
  memberLookup(groupId: bigint): ReadonlyMap<string, Member> | undefined {
    return this.memberIndex.get(groupId);
  }

  membersOf(groupId: bigint): SortedTable<Member> {
    return this.members.of(u64Key(groupId));
  }

  policyByKey(addressKey: string): PolicyInfo | undefined {
    return this.policies.get(addressKey);
  }

  policyOf(address: string): PolicyInfo | undefined {
    return this.policies.get(this.addressKey(address));
  }

  proposal(id: bigint): Proposal | undefined {
    return this.proposals.get(id);
  }

  votesOf(proposalId: bigint): SortedTable<Vote> {
    return this.votesByProposal.of(u64Key(proposalId));
  }

  vote(proposalId: bigint, voterKey: string): Vote | undefined {
    return this.votesOf(proposalId).get(u64Key(proposalId) + voterKey);
  }

  putGroup(info: GroupInfo): void {
    const isNew = !this.groups.get(u64Key(info.id));
    this.groups.set(u64Key(info.id), info);
    if (isNew) this.groupsByAdmin.set(this.addressKey(info.admin), u64Key(info.id), info.id);
  }

  putMember(member: Member): void {
    const rowKey = u64Key(member.groupId) + member.key;
    this.members.set(u64Key(member.groupId), rowKey, member);
    this.groupsByMember.set(member.key, rowKey, member);
    let index = this.memberIndex.get(member.groupId);
    if (!index) this.memberIndex.set(member.groupId, (index = new Map()));
    index.set(member.key, member);
  }

  /** Many members of a new group at once (large scenarios): sorted once instead of per row. */
  loadMembers(groupId: bigint, members: Member[]): void {
    const groupKey = u64Key(groupId);
    const index = new Map<string, Member>();
    const rows: [string, Member][] = [];
    for (const member of members) {
      rows.push([groupKey + member.key, member]);
      index.set(member.key, member);
      this.groupsByMember.set(member.key, groupKey + member.key, member);
    }
    this.members.ensure(groupKey).bulkLoad(rows);
    this.memberIndex.set(groupId, index);
  }

  removeMember(groupId: bigint, addressKey: string): void {
    const rowKey = u64Key(groupId) + addressKey;
    this.members.delete(u64Key(groupId), rowKey);
    this.groupsByMember.delete(addressKey, rowKey);
    this.memberIndex.get(groupId)?.delete(addressKey);
  }

  putPolicy(info: PolicyInfo): void {
    const isNew = !this.policies.has(info.key);
    this.policies.set(info.key, info);
    if (!isNew) return;
    this.policiesByGroup.set(u64Key(info.groupId), policyRowKey(info.key), info.key);
    this.policiesByAdmin.set(this.addressKey(info.admin), policyRowKey(info.key), info.key);
  }

  putProposal(proposal: Proposal): void {
    const isNew = !this.proposals.has(proposal.id);
    this.proposals.set(proposal.id, proposal);
    if (isNew) this.proposalsByPolicy.set(this.addressKey(proposal.policyAddress), u64Key(proposal.id), proposal.id);
  }

  putVote(vote: Vote): void {
    const rowKey = u64Key(vote.proposalId) + vote.voterKey;
    this.votesByProposal.set(u64Key(vote.proposalId), rowKey, vote);
    this.votesByVoter.set(vote.voterKey, rowKey, vote);
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
    this.votesByProposal.ensure(proposalKey).bulkLoad(rows);
    for (const [rowKey, vote] of rows) this.votesByVoter.set(vote.voterKey, rowKey, vote);
  }

  pruneVotes(proposalId: bigint): void {
    const proposalKey = u64Key(proposalId);
    const votes = this.votesByProposal.of(proposalKey);
    for (let i = 0; i < votes.size; i++) this.votesByVoter.delete(votes.valueAt(i).voterKey, votes.keyAt(i));
    for (const rowKey of votes.values().map((vote) => proposalKey + vote.voterKey)) {
      this.votesByProposal.delete(proposalKey, rowKey);
    }
    this.tallyCache.delete(proposalId);
  }

  pruneProposal(proposal: Proposal): void {
    this.pruneVotes(proposal.id);
    this.proposals.delete(proposal.id);
    this.proposalsByPolicy.delete(this.addressKey(proposal.policyAddress), u64Key(proposal.id));
    this.pendingAtEnd.delete(proposal.id);
  }
}
