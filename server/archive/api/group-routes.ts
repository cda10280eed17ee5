import { GrpcCode, GrpcStatusError } from '../../lib/grpc-status.ts';
import { groupExists, readGroupMembers } from '../store/groups/group-reads.ts';
import { readGroupPolicies } from '../store/policies/policy-reads.ts';
import { memberProofKey } from '../store/proofs/proof-work.ts';
import { memberJson } from './archive-json.ts';
import type { ArchiveQuery } from './archive-params.ts';
import type { ArchiveSource } from './archive-source.ts';
import { withProofs } from './proof-json.ts';

// A group's members and policies as the archive holds them now, each with how it is proven (an
// ICS23 proof of its record in a state the validators signed), beside the node's own lists.

async function knownGroup(source: ArchiveSource, id: string) {
  if (!(await groupExists(source.store.db, id)))
    throw new GrpcStatusError(GrpcCode.NotFound, `group ${id} is not in the archive`);
}

export async function groupMembers(source: ArchiveSource, id: string, query: ArchiveQuery) {
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

export async function groupPolicies(source: ArchiveSource, id: string) {
  await knownGroup(source, id);
  const policies = (await readGroupPolicies(source.store.db, id)).map((row) => ({
    address: row.address,
    group_id: row.group_id,
    admin: row.admin,
    metadata: row.metadata,
    version: row.version,
    decision_policy: JSON.parse(row.decision_policy) as unknown,
    created_at: row.created_at,
  }));
  return {
    policies: await withProofs(
      source.store.db,
      'policy',
      policies,
      (policy) => policy.address,
      (policy) => policy.version,
    ),
  };
}
