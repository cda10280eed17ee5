import type { LightBlockJson } from '../../verify/trust/light-block.ts';

// The x/group and x/upgrade records as a node's REST API answers them (JSON, snake_case): what
// the archive reads (source/), keeps (store/) and works out (follower/) alike.

export interface NodeGroup {
  id: string;
  admin: string;
  metadata: string;
  version: string;
  total_weight: string;
  created_at: string;
}

export interface NodeMember {
  address: string;
  weight: string;
  metadata: string;
  added_at: string;
}

export interface NodePolicy {
  address: string;
  group_id: string;
  admin: string;
  metadata: string;
  version: string;
  decision_policy: Record<string, unknown>;
  created_at: string;
}

export interface NodeTally {
  yes_count: string;
  abstain_count: string;
  no_count: string;
  no_with_veto_count: string;
}

export interface NodeProposal {
  id: string;
  group_policy_address: string;
  metadata: string;
  proposers: string[];
  submit_time: string;
  group_version: string;
  group_policy_version: string;
  status: string;
  final_tally_result: NodeTally;
  voting_period_end: string;
  executor_result: string;
  messages: unknown[];
  title: string;
  summary: string;
}

export interface NodeVote {
  proposal_id: string;
  voter: string;
  option: string;
  metadata: string;
  submit_time: string;
}

export interface NodePlan {
  name: string;
  height: string;
  info: string;
}

/** One node's signed header at a height in dispute, with the validator set it names. */
export interface ConflictSide {
  name: string;
  url: string;
  hash: string;
  light_block: LightBlockJson;
  /** Whether the header is signed by two thirds of the set it names (it may still be a fork). */
  signed_by_its_set: boolean;
}

/** A witness named another header than the node at the same height: both kept, for a person to judge. */
export interface ConflictEvidence {
  height: string;
  seen_at: string;
  primary: ConflictSide;
  witness: ConflictSide;
}
