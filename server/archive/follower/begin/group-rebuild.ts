import { add, parseDec, sub, text, ZERO, type Dec } from '../../../lib/apd-dec.ts';
import type { NodeGroup, NodeMember, NodePolicy } from '../../node-records.ts';
import type { GroupGenesis } from '../../source/trust/genesis-reader.ts';
import type { GroupStep } from './group-steps.ts';

// Groups and policies rebuilt from the messages and events of blocks, for a chain whose software
// no longer answers x/group's queries: a group created in those blocks is known whole from its
// creation, and each later change its message carries is applied as x/group applies it (a
// member's weight of zero removes it; each update bumps the version). A change no message shows
// (run by a proposal's execution, by authz or x/gov) leaves the record unknown: it is not
// written, rather than written wrong. Weights are summed as x/group sums them (apd decimals).

interface RebuiltGroup {
  group: NodeGroup;
  members: Map<string, NodeMember>;
  /** Kept as x/group keeps it, add by add: its text carries the exponents of every weight it saw. */
  total: Dec;
  /** Where it was created, and where it last changed. */
  from: bigint;
  height: bigint;
  whole: boolean;
}

interface RebuiltPolicy {
  policy: NodePolicy;
  height: bigint;
  whole: boolean;
  /** A change its message showed, awaiting the version bump its event makes. */
  shown: boolean;
}

/** A member update of weight 0 removes the member (x/group accepts any spelling of zero). */
const isZero = (weight: string) => parseDec(weight)?.coef === 0n;

const bump = (version: string) => String(BigInt(version) + 1n);
const decOf = (weight: string) => parseDec(weight) ?? ZERO;
/** A decision policy read whole: one with its windows (policy-steps.ts writes them only for the two kinds it reads). */
const knownRule = (decisionPolicy: Record<string, unknown>) => 'windows' in decisionPolicy;

export interface RebuiltRecords {
  groups: { group: NodeGroup; members: NodeMember[]; from: bigint; height: bigint }[];
  policies: { policy: NodePolicy; height: bigint }[];
}

export class GroupRebuild {
  private readonly groups = new Map<string, RebuiltGroup>();
  private readonly policies = new Map<string, RebuiltPolicy>();

  /** What the chain began with: its genesis's groups, members and policies, known whole. */
  seed(genesis: GroupGenesis, height: bigint): void {
    for (const group of genesis.groups) {
      const members = genesis.group_members.filter((entry) => entry.group_id === group.id).map((entry) => entry.member);
      this.groups.set(group.id, {
        group: { ...group },
        members: new Map(members.map((member) => [member.address, { ...member }])),
        total: decOf(group.total_weight),
        from: height,
        height,
        whole: true,
      });
    }
    for (const policy of genesis.group_policies)
      this.policies.set(policy.address, { policy: { ...policy }, height, whole: true, shown: false });
  }

  apply(step: GroupStep, height: bigint, time: string): void {
    if (step.kind === 'submitted') return;
    if (step.kind === 'created') {
      const members = new Map<string, NodeMember>();
      let total = ZERO;
      for (const { address, weight, metadata } of step.members) {
        total = add(total, decOf(weight));
        members.set(address, { address, weight, metadata: metadata ?? '', added_at: time });
      }
      const group = {
        id: step.groupId,
        admin: step.admin,
        metadata: step.metadata,
        version: '1',
        total_weight: '0',
        created_at: time,
      };
      this.groups.set(step.groupId, { group, members, total, from: height, height, whole: true });
      return;
    }
    if (step.kind === 'policy_created') {
      const { address, groupId, admin, metadata, decisionPolicy } = step;
      const policy = {
        address,
        group_id: groupId,
        admin,
        metadata,
        version: '1',
        decision_policy: decisionPolicy,
        created_at: time,
      };
      // A decision policy of a type this archive cannot read is not known whole.
      this.policies.set(address, { policy, height, whole: knownRule(decisionPolicy), shown: false });
      return;
    }
    if (step.kind === 'policy_changed' || step.kind === 'policy_bumped') return this.changePolicy(step, height);
    const known = this.groups.get(step.groupId);
    if (!known) return;
    known.height = height;
    if (step.kind === 'unseen') known.whole = false;
    else if (step.kind === 'group_bumped') known.group.version = bump(known.group.version);
    else if (step.kind === 'admin') known.group.admin = step.to;
    else if (step.kind === 'metadata') known.group.metadata = step.metadata;
    else if (step.kind === 'left') this.remove(known, step.address);
    else
      for (const { address, weight, metadata } of step.updates) {
        if (isZero(weight)) this.remove(known, address);
        else {
          const before = known.members.get(address);
          if (before) known.total = sub(known.total, decOf(before.weight));
          known.total = add(known.total, decOf(weight));
          known.members.set(address, { address, weight, metadata: metadata ?? '', added_at: before?.added_at ?? time });
        }
      }
  }

  private remove(known: RebuiltGroup, address: string): void {
    const before = known.members.get(address);
    if (before) known.total = sub(known.total, decOf(before.weight));
    known.members.delete(address);
  }

  private changePolicy(step: Extract<GroupStep, { kind: 'policy_changed' | 'policy_bumped' }>, height: bigint) {
    const known = this.policies.get(step.address);
    if (!known) return;
    known.height = height;
    if (step.kind === 'policy_bumped') {
      // An update no message of the block showed: what it changed is not known.
      if (!known.shown) known.whole = false;
      known.shown = false;
      known.policy.version = bump(known.policy.version);
      return;
    }
    known.shown = true;
    if (step.admin !== undefined) known.policy.admin = step.admin;
    if (step.metadata !== undefined) known.policy.metadata = step.metadata;
    if (step.decisionPolicy !== undefined) {
      known.policy.decision_policy = step.decisionPolicy;
      known.whole &&= knownRule(step.decisionPolicy);
    }
  }

  /** The groups and policies known whole, as a node's queries would have answered for them. */
  records(): RebuiltRecords {
    const groups = [...this.groups.values()]
      .filter((known) => known.whole)
      .map(({ group, members, total, from, height }) => ({
        group: { ...group, total_weight: text(total) },
        members: [...members.values()],
        from,
        height,
      }));
    // A policy of a group not known whole is left out with it: no row names a group the archive lacks.
    const kept = new Set(groups.map((entry) => entry.group.id));
    const policies = [...this.policies.values()]
      .filter((known) => known.whole && kept.has(known.policy.group_id))
      .map(({ policy, height }) => ({ policy, height }));
    return { groups, policies };
  }
}

/** What the blocks of a history rebuild, applied oldest first, on the genesis they begin from where it is known. */
export function rebuildGroups(
  history: readonly { height: bigint; time: string; steps: readonly GroupStep[] }[],
  genesis: { group: GroupGenesis; initialHeight: bigint } | null,
) {
  const rebuild = new GroupRebuild();
  if (genesis) rebuild.seed(genesis.group, genesis.initialHeight - 1n);
  for (const block of history) for (const step of block.steps) rebuild.apply(step, block.height, block.time);
  return rebuild.records();
}
