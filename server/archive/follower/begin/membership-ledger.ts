import type { GroupChange } from '../../store/groups/group-writes.ts';
import type { GroupStep } from './group-steps.ts';

// The membership changes that blocks whose state is gone prove, and only those. What a group held
// before them is unknown: a weight set on an address the blocks have not shown yet cannot say
// whether it joined or changed, so it is not recorded (its later changes are); a removal is
// recorded with the weight it had only when the blocks showed it. A group created in them is
// known whole from its creation; a change no message shows (run by an execution, authz, x/gov)
// makes what was known of its group unknown again.

interface KnownGroup {
  metadata: string | null;
  /** Addresses whose weight the blocks showed (null: not a member). */
  members: Map<string, string | null>;
  /** Every member is in `members`: the group was created in these blocks. */
  whole: boolean;
}

/** A member update of weight 0 removes the member (x/group accepts any spelling of zero). */
const isZero = (weight: string) => /^[+-]?(0+\.?0*|\.0+)([eE][+-]?\d+)?$/.test(weight);

const unknownGroup = (): KnownGroup => ({ metadata: null, members: new Map(), whole: false });

export class MembershipLedger {
  private readonly groups = new Map<string, KnownGroup>();

  private known(groupId: string): KnownGroup {
    let group = this.groups.get(groupId);
    if (!group) this.groups.set(groupId, (group = unknownGroup()));
    return group;
  }

  /** A member's weight: a string, null for known not to be one, undefined for not known. */
  private weightOf(group: KnownGroup, address: string): string | null | undefined {
    if (group.members.has(address)) return group.members.get(address);
    return group.whole ? null : undefined;
  }

  /** The group history rows a step proves, with their group (none for a step that changes nothing known). */
  changes(step: GroupStep): { groupId: string; change: GroupChange }[] {
    if (
      step.kind === 'group_bumped' ||
      step.kind === 'policy_bumped' ||
      step.kind === 'policy_created' ||
      step.kind === 'policy_changed' ||
      step.kind === 'submitted'
    )
      return [];
    const groupId = step.groupId;
    const out = (changes: GroupChange[]) => changes.map((change) => ({ groupId, change }));
    if (step.kind === 'created') {
      const members = new Map(step.members.map(({ address, weight }) => [address, weight] as const));
      this.groups.set(groupId, { metadata: step.metadata, members, whole: true });
      return out([
        ['created', null, null, step.admin],
        ...step.members.map(({ address, weight }): GroupChange => ['member_added', address, null, weight]),
      ]);
    }
    if (step.kind === 'unseen') {
      this.groups.set(groupId, unknownGroup());
      return [];
    }
    const group = this.known(groupId);
    // Only the admin signs an admin change: the message names the admin before as well as after.
    if (step.kind === 'admin') return step.from === step.to ? [] : out([['admin_changed', null, step.from, step.to]]);
    if (step.kind === 'metadata') {
      const before = group.metadata;
      group.metadata = step.metadata;
      return before === null || before === step.metadata
        ? []
        : out([['metadata_changed', null, before, step.metadata]]);
    }
    if (step.kind === 'left') return out(this.remove(group, step.address));
    const changes: GroupChange[] = [];
    for (const { address, weight } of step.updates) {
      if (isZero(weight)) {
        changes.push(...this.remove(group, address));
        continue;
      }
      const before = this.weightOf(group, address);
      group.members.set(address, weight);
      if (before === null) changes.push(['member_added', address, null, weight]);
      else if (before !== undefined && before !== weight) changes.push(['weight_changed', address, before, weight]);
    }
    return out(changes);
  }

  /** x/group refuses to remove a non-member, so a removal proves membership, if not its weight. */
  private remove(group: KnownGroup, address: string): GroupChange[] {
    const before = this.weightOf(group, address);
    group.members.set(address, null);
    return before === null ? [] : [['member_removed', address, before ?? null, null]];
  }
}
