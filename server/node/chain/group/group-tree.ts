import type { IavlStore } from '../../store/iavl-store.ts';
import { emptyValue, type ValueEncoder } from '../../store/iavl-tree.ts';
import { lengthPrefixed } from '../../store/key-range.ts';
import type { PackedTreeBuilder } from '../../store/packed-tree-build.ts';
import type { TableObserver, VersionedTable } from '../../store/versioned-table.ts';
import { chainTimeText } from '../chain-time.ts';
import type { Proposal } from '../records.ts';
import {
  groupInfoBytes,
  groupMemberBytes,
  groupMemberInto,
  policyInfoBytes,
  proposalBytes,
  voteBytes,
  voteInto,
} from './group-proto.ts';
import type { LiveTables } from './live-tables.ts';

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

/** An encoder that also writes into a given array (rows in the millions: see ValueEncoder). */
const writtenInPlace = <V>(
  encode: (record: V) => Uint8Array,
  encodeInto: (record: V, target: Uint8Array, at: number) => number,
): ValueEncoder =>
  Object.assign(asBytes(encode), {
    encodeInto: (record: unknown, target: Uint8Array, at: number) => encodeInto(record as V, target, at),
  });

const memberValue = writtenInPlace(groupMemberBytes, groupMemberInto);
const voteValue = writtenInPlace(voteBytes, voteInto);

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
  const memberRows = rows(tree, MEMBERS, memberValue);
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
  const voteRows = rows(tree, VOTES, voteValue);
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

function tableEntries<V>(table: VersionedTable<V>, prefix: string, encode: ValueEncoder, into: PackedTreeBuilder) {
  table.forEachChunk((keys, records) => into.addRun(prefix, keys, records, encode));
}

function indexEntries<V>(table: VersionedTable<V>, prefix: string, into: PackedTreeBuilder): void {
  table.forEachChunk((keys) => into.addRun(prefix, keys, null, emptyValue));
}

/** Index entries under their row's first key part (members by group, votes by proposal). */
function byFirstPart<V>(table: VersionedTable<V>, prefix: string, into: PackedTreeBuilder): void {
  table.forEachChunk((keys) => {
    let from = 0;
    while (from < keys.length) {
      const part = firstPart(keys[from]);
      let to = from + 1;
      while (to < keys.length && keys[to].startsWith(part)) to++;
      into.addRun(prefix + part, keys, null, emptyValue, from, to);
      from = to;
    }
  });
}

function sequence(prefix: string, value: bigint, into: PackedTreeBuilder): void {
  if (value > 0n) into.addRun(prefix, [''], [value], sequenceBytes);
}

/** The whole store, in key order, into the tree built at start. */
export function loadGroupStore(
  live: LiveTables,
  seqs: { group: bigint; policy: bigint; proposal: bigint },
  into: PackedTreeBuilder,
): void {
  tableEntries(live.groups, GROUPS, asBytes(groupInfoBytes), into);
  sequence(GROUP_SEQ, seqs.group, into);
  indexEntries(live.groupsByAdmin, GROUPS_BY_ADMIN, into);
  tableEntries(live.members, MEMBERS, memberValue, into);
  byFirstPart(live.members, MEMBERS_BY_GROUP, into);
  indexEntries(live.groupsByMember, MEMBERS_BY_MEMBER, into);
  tableEntries(live.policies, POLICIES, asBytes(policyInfoBytes), into);
  sequence(POLICY_SEQ, seqs.policy, into);
  indexEntries(live.policiesByGroup, POLICIES_BY_GROUP, into);
  indexEntries(live.policiesByAdmin, POLICIES_BY_ADMIN, into);
  tableEntries(live.proposals, PROPOSALS, asBytes(proposalBytes), into);
  sequence(PROPOSAL_SEQ, seqs.proposal, into);
  indexEntries(live.proposalsByPolicy, PROPOSALS_BY_POLICY, into);
  const byVotingEnd: string[] = [];
  live.proposals.forEach((key, proposal) => byVotingEnd.push(votingEndOf(key, proposal)));
  byVotingEnd.sort();
  into.addRun('', byVotingEnd, null, emptyValue);
  tableEntries(live.votes, VOTES, voteValue, into);
  byFirstPart(live.votes, VOTES_BY_PROPOSAL, into);
  indexEntries(live.votesByVoter, VOTES_BY_VOTER, into);
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
