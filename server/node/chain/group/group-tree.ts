import type { IavlStore, LoadEntry } from '../../store/iavl-store.ts';
import { emptyValue, type ValueEncoder } from '../../store/iavl-tree.ts';
import { lengthPrefixed } from '../../store/key-range.ts';
import type { TableObserver, VersionedTable } from '../../store/versioned-table.ts';
import { chainTimeText } from '../chain-time.ts';
import type { Proposal } from '../records.ts';
import { groupInfoBytes, groupMemberBytes, policyInfoBytes, proposalBytes, voteBytes } from './group-proto.ts';
import type { LiveTables } from './group-store.ts';

// x/group's KV store as its ORM lays it out (x/group/keeper/keeper.go, internal/orm): a table's
// rows under its two-byte prefix (the record's protobuf bytes), an index's entries under its
// prefix byte (the indexed key, length-prefixed when it is bytes, then the row id; empty values),
// a sequence under its prefix byte and 0x01 (the value big-endian). The node's own tables already
// use the ORM's key layouts; this adds the prefixes, and the two indexes the node reads through
// other tables (members and votes by their first key part) and proposals by voting period end.

const GROUPS = '\x00\x00';
const GROUP_SEQ = '\x01\x01';
const GROUPS_BY_ADMIN = '\x02';
const MEMBERS = '\x10\x00';
const MEMBERS_BY_GROUP = '\x11';
const MEMBERS_BY_MEMBER = '\x12';
const POLICIES = '\x20\x00';
const POLICY_SEQ = '\x21\x01';
const POLICIES_BY_GROUP = '\x22';
const POLICIES_BY_ADMIN = '\x23';
const PROPOSALS = '\x30\x00';
const PROPOSAL_SEQ = '\x31\x01';
const PROPOSALS_BY_POLICY = '\x32';
const PROPOSALS_BY_VOTING_END = '\x33';
const VOTES = '\x40\x00';
const VOTES_BY_PROPOSAL = '\x41';
const VOTES_BY_VOTER = '\x42';

const asBytes =
  <V>(encode: (record: V) => Uint8Array): ValueEncoder =>
  (record) =>
    encode(record as V);

/** A sequence's stored value: the uint64 big-endian. */
export const sequenceBytes: ValueEncoder = (record) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(record as bigint);
  return Uint8Array.from(bytes);
};

/** The index entry by sdk.FormatTimeBytes: the UTC time with nine fractional digits, no zone. */
const votingEndOf = (rowKey: string, proposal: Proposal) =>
  PROPOSALS_BY_VOTING_END + lengthPrefixed(chainTimeText(proposal.votingPeriodEnd).slice(0, -1)) + rowKey;

/** The first key part of a member's or vote's row id: the group or proposal id (8 bytes). */
const firstPart = (rowKey: string) => rowKey.slice(0, 8);

function rows<V>(tree: IavlStore, prefix: string, encode: ValueEncoder): TableObserver<V> {
  return {
    set: (key, value) => tree.set(prefix + key, value, encode),
    delete: (key) => tree.delete(prefix + key),
  };
}

function index<V>(tree: IavlStore, prefix: string): TableObserver<V> {
  return { set: (key) => tree.setIndex(prefix + key), delete: (key) => tree.delete(prefix + key) };
}

/** Makes every write to the live tables a write to the store's tree. */
export function observeGroupTables(live: LiveTables, tree: IavlStore): void {
  live.groups.observer = rows(tree, GROUPS, asBytes(groupInfoBytes));
  live.groupsByAdmin.observer = index(tree, GROUPS_BY_ADMIN);
  const memberRows = rows(tree, MEMBERS, asBytes(groupMemberBytes));
  live.members.observer = {
    set: (key, value, previous) => {
      memberRows.set(key, value, previous);
      tree.setIndex(MEMBERS_BY_GROUP + firstPart(key) + key);
    },
    delete: (key, previous) => {
      memberRows.delete(key, previous);
      tree.delete(MEMBERS_BY_GROUP + firstPart(key) + key);
    },
  };
  live.groupsByMember.observer = index(tree, MEMBERS_BY_MEMBER);
  live.policies.observer = rows(tree, POLICIES, asBytes(policyInfoBytes));
  live.policiesByGroup.observer = index(tree, POLICIES_BY_GROUP);
  live.policiesByAdmin.observer = index(tree, POLICIES_BY_ADMIN);
  const proposalRows = rows(tree, PROPOSALS, asBytes(proposalBytes));
  live.proposals.observer = {
    set: (key, value, previous) => {
      proposalRows.set(key, value, previous);
      if (previous && previous.votingPeriodEnd !== value.votingPeriodEnd) tree.delete(votingEndOf(key, previous));
      tree.setIndex(votingEndOf(key, value));
    },
    delete: (key, previous) => {
      proposalRows.delete(key, previous);
      tree.delete(votingEndOf(key, previous));
    },
  };
  live.proposalsByPolicy.observer = index(tree, PROPOSALS_BY_POLICY);
  const voteRows = rows(tree, VOTES, asBytes(voteBytes));
  live.votes.observer = {
    set: (key, value, previous) => {
      voteRows.set(key, value, previous);
      tree.setIndex(VOTES_BY_PROPOSAL + firstPart(key) + key);
    },
    delete: (key, previous) => {
      voteRows.delete(key, previous);
      tree.delete(VOTES_BY_PROPOSAL + firstPart(key) + key);
    },
  };
  live.votesByVoter.observer = index(tree, VOTES_BY_VOTER);
}

type Entry = Omit<LoadEntry, 'version'>;

function tableEntries<V>(table: VersionedTable<V>, prefix: string, encode: ValueEncoder, out: Entry[]): void {
  table.forEach((key, record) => out.push({ key: prefix + key, record, encode }));
}

function indexEntries<V>(table: VersionedTable<V>, prefix: string, out: Entry[], keyOf = (key: string) => key): void {
  table.forEach((key) => out.push({ key: prefix + keyOf(key), record: null, encode: emptyValue }));
}

function sequence(prefix: string, value: bigint, out: Entry[]): void {
  if (value > 0n) out.push({ key: prefix, record: value, encode: sequenceBytes });
}

/** The whole store, in key order: what a tree is built from at start. */
export function groupStoreEntries(
  live: LiveTables,
  seqs: { group: bigint; policy: bigint; proposal: bigint },
): Entry[] {
  const out: Entry[] = [];
  tableEntries(live.groups, GROUPS, asBytes(groupInfoBytes), out);
  sequence(GROUP_SEQ, seqs.group, out);
  indexEntries(live.groupsByAdmin, GROUPS_BY_ADMIN, out);
  tableEntries(live.members, MEMBERS, asBytes(groupMemberBytes), out);
  indexEntries(live.members, MEMBERS_BY_GROUP, out, (key) => firstPart(key) + key);
  indexEntries(live.groupsByMember, MEMBERS_BY_MEMBER, out);
  tableEntries(live.policies, POLICIES, asBytes(policyInfoBytes), out);
  sequence(POLICY_SEQ, seqs.policy, out);
  indexEntries(live.policiesByGroup, POLICIES_BY_GROUP, out);
  indexEntries(live.policiesByAdmin, POLICIES_BY_ADMIN, out);
  tableEntries(live.proposals, PROPOSALS, asBytes(proposalBytes), out);
  sequence(PROPOSAL_SEQ, seqs.proposal, out);
  indexEntries(live.proposalsByPolicy, PROPOSALS_BY_POLICY, out);
  const byVotingEnd: string[] = [];
  live.proposals.forEach((key, proposal) => byVotingEnd.push(votingEndOf(key, proposal)));
  byVotingEnd.sort();
  for (const key of byVotingEnd) out.push({ key, record: null, encode: emptyValue });
  tableEntries(live.votes, VOTES, asBytes(voteBytes), out);
  indexEntries(live.votes, VOTES_BY_PROPOSAL, out, (key) => firstPart(key) + key);
  indexEntries(live.votesByVoter, VOTES_BY_VOTER, out);
  return out;
}

/** Writes the sequences that moved since the last block (the ORM writes them as it counts). */
export function syncSequences(tree: IavlStore, seqs: { group: bigint; policy: bigint; proposal: bigint }): void {
  for (const [key, value] of [
    [GROUP_SEQ, seqs.group],
    [POLICY_SEQ, seqs.policy],
    [PROPOSAL_SEQ, seqs.proposal],
  ] as const) {
    if (value > 0n && tree.get(key) !== value) tree.set(key, value, sequenceBytes);
  }
}
