import type { NodeGroup, NodePolicy } from '../../node-records.ts';
import type { HistoryBlock } from './event-history.ts';

/** A group's and its policy's versions when a proposal was submitted ('0': not known). */
export interface SubmissionVersions {
  group: string;
  policy: string;
}

/**
 * The versions each proposal submitted in `blocks` was made with, counted back from the kept
 * state (the last block's): x/group bumps a version by one per change and emits one event for
 * each, so the version then is the version now less the bumps after it.
 */
export function versionsAtSubmission(
  blocks: readonly HistoryBlock[],
  kept: { groups: ReadonlyMap<string, NodeGroup>; policies: ReadonlyMap<string, NodePolicy> },
): Map<string, SubmissionVersions> {
  const bumpsAhead = new Map<string, bigint>();
  const bump = (key: string, by: bigint) => bumpsAhead.set(key, (bumpsAhead.get(key) ?? 0n) + by);
  const keyOf = (step: HistoryBlock['steps'][number]) =>
    step.kind === 'group_bumped'
      ? `group:${step.groupId}`
      : step.kind === 'policy_bumped'
        ? `policy:${step.address}`
        : null;
  for (const block of blocks)
    for (const step of block.steps) {
      const key = keyOf(step);
      if (key) bump(key, 1n);
    }
  const back = (version: string | undefined, key: string) => {
    const then = version === undefined ? 0n : BigInt(version) - (bumpsAhead.get(key) ?? 0n);
    return then >= 1n ? String(then) : '0';
  };
  const versions = new Map<string, SubmissionVersions>();
  for (const block of blocks)
    for (const step of block.steps) {
      const key = keyOf(step);
      if (key) bump(key, -1n);
      if (step.kind !== 'submitted') continue;
      const address = block.facts.submitted.find((fact) => fact.proposalId === step.proposalId)?.message
        .groupPolicyAddress;
      const policy = address === undefined ? undefined : kept.policies.get(address);
      if (!policy) continue;
      versions.set(step.proposalId, {
        group: back(kept.groups.get(policy.group_id)?.version, `group:${policy.group_id}`),
        policy: back(policy.version, `policy:${policy.address}`),
      });
    }
  return versions;
}
