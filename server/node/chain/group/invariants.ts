import { add, cmp, isNeg, isZero, mul, parseDec, text, ZERO, type Dec } from '../../../lib/apd-dec.ts';
import { smallWeightOf } from './group-store.ts';
import type { GroupView } from './group-view.ts';

// x/group's invariants (x/group/keeper/invariants.go), checked over any state: the live store
// or a block's frozen view. Each returns what is broken, formatted as sdk.FormatInvariant does,
// or null when it holds.

const broken = (route: string, message: string) => `group: ${route} invariant\n${message}\n`;

/**
 * GroupTotalWeightInvariant: every group's total_weight equals the sum of its members' weights,
 * compared as exact decimals ("2.50" equals "2.5"). Members' weights are read from their text,
 * as the SDK reads them; each must be a positive decimal, and the parsed copies tallies count
 * with (`w`, `small`) must agree with it. Names the first group found broken.
 */
export function totalWeightInvariant(view: GroupView): string | null {
  const route = 'Group-TotalWeight';
  // Most members share a few weights, so each distinct text is parsed once, then counted.
  const parsed = new Map<string, { weight: Dec; small: number | undefined } | null>();
  const parse = (weightText: string) => {
    const weight = parseDec(weightText);
    return weight && !isNeg(weight) && !isZero(weight) ? { weight, small: smallWeightOf(weight) } : null;
  };
  for (const group of view.groups.values()) {
    const counts = new Map<string, number>();
    for (const member of view.membersOf(group.id).values()) {
      let entry = parsed.get(member.weight);
      if (entry === undefined) parsed.set(member.weight, (entry = parse(member.weight)));
      if (!entry) return broken(route, `member ${member.address} of group ${group.id} has weight "${member.weight}"`);
      if (member.w.coef !== entry.weight.coef || member.w.exp !== entry.weight.exp || member.small !== entry.small) {
        return broken(
          route,
          `member ${member.address} of group ${group.id} is counted other than its "${member.weight}"`,
        );
      }
      counts.set(member.weight, (counts.get(member.weight) ?? 0) + 1);
    }
    let sum = ZERO;
    for (const [weight, count] of counts)
      sum = add(sum, mul(parsed.get(weight)!.weight, { coef: BigInt(count), exp: 0 }));
    if (cmp(sum, group.totalWeight) !== 0) {
      return broken(
        route,
        `group ${group.id}'s TotalWeight must be equal to the sum of its members' weights\n` +
          `group weight: ${text(group.totalWeight)}\nSum of group members weights: ${text(sum)}`,
      );
    }
  }
  return null;
}
