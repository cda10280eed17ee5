import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, segment, type Options } from './archive.ts';
import { uint64 } from './schemas.ts';

// Whether a set the archive keeps is proven complete: every key the chain held under its prefix in
// one state, and no other (a walk of absence proofs), with how many — a proposal's votes, a
// group's members, a group's policies. Null where no walk was made.

export const rangeSet = v.optional(
  v.nullable(
    v.object({
      proof: v.object({
        kind: v.string(),
        height: v.nullable(uint64),
        verified: v.optional(v.boolean()),
        reason: v.optional(v.string()),
      }),
      count: v.nullable(uint64),
    }),
  ),
  null,
);

export type RangeSet = NonNullable<v.InferOutput<typeof rangeSet>>;

/**
 * The archive's recount of a tallied proposal from the votes it holds (null: not recounted): an
 * outcome it may name in words this dashboard does not know yet, so any text is taken.
 */
export const tallyCheck = v.optional(
  v.nullable(
    v.object({
      outcome: v.string(),
      detail: v.string(),
      reread_from: v.nullable(uint64),
      reread_to: v.nullable(uint64),
      votes_found: v.number(),
    }),
  ),
  null,
);

export type TallyCheck = NonNullable<v.InferOutput<typeof tallyCheck>>;

const groupSets = v.object({
  member_set: rangeSet,
  policy_set: rangeSet,
  /** Per policy of the group: the proposals it still stores, as proven complete as the archive has them. */
  proposal_sets: v.optional(v.array(v.object({ address: v.string(), set: rangeSet })), []),
});

export interface GroupSets {
  members: RangeSet | null;
  policies: RangeSet | null;
  proposals: { address: string; set: RangeSet | null }[];
}

/** A group's members, policies and its policies' stored proposals, each as proven complete as the archive has it. */
export const getArchivedGroupSets = (endpoint: string, id: string, options: Options = {}): Promise<GroupSets> =>
  getArchiveJson(endpoint, `${ARCHIVE}/groups/${segment(id)}`, groupSets, options).then(({ data }) => ({
    members: data.member_set,
    policies: data.policy_set,
    proposals: data.proposal_sets,
  }));
