import { GrpcCode, GrpcStatusError, invalidArgument } from '../../lib/grpc-status.ts';
import { groupExists, readGroup, readGroupMembers, readGroups } from '../store/groups/group-reads.ts';
import type { Row } from '../store/keyset-page.ts';
import { readLedger } from '../store/policies/policy-ledger.ts';
import { readGroupPolicies, readPoliciesByAdmin, readPolicy, type PolicyRow } from '../store/policies/policy-reads.ts';
import { memberProofKey } from '../store/proofs/proof-work.ts';
import { memberJson } from './archive-json.ts';
import { isAddress, uint64Path, type ArchiveQuery } from './archive-params.ts';
import type { ArchiveSource } from './archive-source.ts';
import { rangeSetJson, withProofs } from './proofs/proof-json.ts';

// Groups and policies as the archive holds them now: a group's record, every group (by admin or
// member too), a group's members and policies, an admin's policies, one policy — what a node's
// x/group routes answer, still answered once a chain's upgrade removed x/group. Members and
// policies come with how each is proven (an ICS23 proof of its record in a state the validators
// signed).

const notFound = (message: string) => new GrpcStatusError(GrpcCode.NotFound, message);

async function knownGroup(source: ArchiveSource, id: string) {
  if (!(await groupExists(source.store.db, id))) throw notFound(`group ${id} is not in the archive`);
}

/** A group as a node's `group_info` names it, plus its name read from metadata. */
const groupJson = (row: Row) => ({
  id: String(row.id),
  admin: String(row.admin),
  metadata: String(row.metadata),
  version: String(row.version),
  total_weight: String(row.total_weight),
  created_at: String(row.created_at),
  name: String(row.name ?? ''),
});

const policyJson = (row: PolicyRow) => ({
  address: row.address,
  group_id: row.group_id,
  admin: row.admin,
  metadata: row.metadata,
  version: row.version,
  decision_policy: JSON.parse(row.decision_policy) as unknown,
  created_at: row.created_at,
});

const policiesWithProofs = (source: ArchiveSource, policies: ReturnType<typeof policyJson>[]) =>
  withProofs(
    source.store.db,
    'policy',
    policies,
    (policy) => policy.address,
    (policy) => policy.version,
  );

async function group(source: ArchiveSource, id: string) {
  const row = await readGroup(source.store.db, id);
  if (!row) throw notFound(`group ${id} is not in the archive`);
  return {
    group: groupJson(row),
    // Whether its members and its policies are proven complete in one state, and how many.
    member_set: await rangeSetJson(source.store.db, 'group-member-range', id),
    policy_set: await rangeSetJson(source.store.db, 'group-policy-range', id),
    // Per policy: whether the proposals it still stores are proven complete (its proposals-by-policy index walked).
    proposal_sets: await Promise.all(
      (await readGroupPolicies(source.store.db, id)).map(async (policy) => ({
        address: policy.address,
        set: await rangeSetJson(source.store.db, 'policy-proposal-range', policy.address),
      })),
    ),
  };
}

async function groups(source: ArchiveSource, query: ArchiveQuery) {
  const admin = query.address('admin');
  const member = query.address('member');
  if (admin !== null && member !== null) throw invalidArgument('admin and member cannot be asked together');
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'asc') === 'desc';
  const page = await readGroups(source.store.db, { admin, member, descending }, query.page());
  return { groups: page.rows.map(groupJson), pagination: page.pagination };
}

async function groupMembers(source: ArchiveSource, id: string, query: ArchiveQuery) {
  await knownGroup(source, id);
  const page = await readGroupMembers(source.store.db, id, query.page());
  const members = page.rows.map(memberJson);
  return {
    members: await withProofs(
      source.store.db,
      'member',
      members,
      (member) => memberProofKey(member.group_id, member.address),
      (member) => member.weight,
    ),
    pagination: page.pagination,
  };
}

async function groupPolicies(source: ArchiveSource, id: string) {
  await knownGroup(source, id);
  const policies = (await readGroupPolicies(source.store.db, id)).map(policyJson);
  return { policies: await policiesWithProofs(source, policies) };
}

async function policiesByAdmin(source: ArchiveSource, query: ArchiveQuery) {
  const admin = query.address('admin');
  // The node has no list of every policy either: group_policies_by_admin needs its admin.
  if (admin === null) throw invalidArgument('admin is required: the policies an address administers');
  const page = await readPoliciesByAdmin(source.store.db, admin, query.page());
  return { policies: await policiesWithProofs(source, page.rows.map(policyJson)), pagination: page.pagination };
}

async function policy(source: ArchiveSource, address: string) {
  if (!isAddress(address)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(address)}`);
  const row = await readPolicy(source.store.db, address.toLowerCase());
  if (!row) throw notFound(`group policy ${address} is not in the archive`);
  const [proven] = await policiesWithProofs(source, [policyJson(row)]);
  return { policy: proven };
}

/** Every transfer in and out of a policy the archive followed, oldest first (`order=desc`: newest first). */
async function policyLedger(source: ArchiveSource, address: string, query: ArchiveQuery) {
  if (!isAddress(address)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(address)}`);
  const policy = address.toLowerCase();
  if (!(await readPolicy(source.store.db, policy))) throw notFound(`group policy ${address} is not in the archive`);
  const descending = query.oneOf('order', ['asc', 'desc'] as const, 'asc') === 'desc';
  const page = await readLedger(source.store.db, policy, descending, query.page());
  return {
    transfers: page.rows.map((row) => ({
      height: row.height,
      seq: row.seq,
      block_time: row.block_time,
      direction: row.direction,
      counterparty: row.counterparty,
      amount: row.amount,
      proposal_id: row.proposal_id,
      tx_hash: row.tx_hash,
    })),
    pagination: page.pagination,
  };
}

export const GROUP_ROUTES: {
  pattern: RegExp;
  answer: (source: ArchiveSource, match: string[], query: ArchiveQuery) => Promise<unknown>;
}[] = [
  { pattern: /^groups$/, answer: (source, _match, query) => groups(source, query) },
  { pattern: /^groups\/([^/]+)$/, answer: (source, match) => group(source, uint64Path(match[1])) },
  {
    pattern: /^groups\/([^/]+)\/members$/,
    answer: (source, match, query) => groupMembers(source, uint64Path(match[1]), query),
  },
  { pattern: /^groups\/([^/]+)\/policies$/, answer: (source, match) => groupPolicies(source, uint64Path(match[1])) },
  { pattern: /^policies$/, answer: (source, _match, query) => policiesByAdmin(source, query) },
  { pattern: /^policies\/([^/]+)$/, answer: (source, match) => policy(source, match[1]) },
  {
    pattern: /^policies\/([^/]+)\/ledger$/,
    answer: (source, match, query) => policyLedger(source, match[1], query),
  },
];
