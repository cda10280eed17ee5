import type { TallyResult } from '../api/schemas.ts';
import { dec, type Dec } from '../lib/decimal.ts';
import { grouped, shownDecimal } from '../lib/format-number.ts';
import { evaluatePolicy, type ReadPolicy } from './decision-policies.ts';

// Who can still decide an open proposal, by x/group's own rule at the group's current weights:
// the members who have not voted; which of them could pass it alone (their yes reaches the line)
// or make it fail alone (without their weight, every other yes still to come falls short); and
// the fewest of them whose yes together would pass it. Exact decimals throughout.

export interface Member {
  address: string;
  weight: string;
}

export interface Pivotal {
  /** Members who have not voted and hold weight, heaviest first. */
  remaining: Member[];
  remainingWeight: Dec;
  /** Yes weight still needed to reach the line. */
  needed: Dec;
  passAlone: string[];
  failAlone: string[];
  /**
   * The fewest remaining members whose yes passes it: `count` of them; `anyOf` when any `count`
   * of those would do, else `set`, one such group. Null when even all of them cannot.
   */
  fewest: { count: number; anyOf: string[] | null; set: string[] } | null;
  outcome: 'passing' | 'failing' | 'open';
}

const byWeight = (a: Member, b: Member) => dec(b.weight).comparedTo(a.weight) || (a.address < b.address ? -1 : 1);

const sum = (members: readonly Member[]) => members.reduce((total, member) => total.plus(member.weight), dec(0));

export function pivotalVoters(
  rule: ReadPolicy,
  tally: TallyResult,
  totalWeight: string,
  members: readonly Member[],
  voters: ReadonlySet<string>,
): Pivotal | null {
  const evaluation = evaluatePolicy(rule, tally, totalWeight);
  if (!evaluation) return null;
  const remaining = members.filter((member) => !voters.has(member.address) && dec(member.weight).gt(0)).sort(byWeight);
  const { needed, outcome } = evaluation;
  const remainingWeight = sum(remaining);
  const base = { remaining, remainingWeight, needed, outcome };
  if (outcome !== 'open') return { ...base, passAlone: [], failAlone: [], fewest: null };
  const passAlone = remaining.filter((member) => dec(member.weight).gte(needed)).map((member) => member.address);
  // Without m's weight, the rest voting yes falls short: m alone decides it by not voting yes.
  const failAlone = remaining
    .filter((member) => remainingWeight.minus(member.weight).lt(needed))
    .map((member) => member.address);
  let count = 0;
  for (let total = dec(0); count < remaining.length && total.lt(needed); count++)
    total = total.plus(remaining[count].weight);
  if (sum(remaining.slice(0, count)).lt(needed)) return { ...base, passAlone, failAlone, fewest: null };
  // Those who are in some passing group of `count`: their weight with the heaviest others reaches it.
  const topOthers = (member: Member) =>
    sum(remaining.filter((other) => other !== member).slice(0, count - 1)).plus(member.weight);
  const candidates = remaining.filter((member) => topOthers(member).gte(needed));
  const lightest = candidates.slice(-count);
  const anyOf =
    candidates.length > count && sum(lightest).gte(needed) ? candidates.map((member) => member.address) : null;
  const set = remaining.slice(0, count).map((member) => member.address);
  return { ...base, passAlone, failAlone, fewest: { count, anyOf, set } };
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** A weight as the pages show weights: digits grouped, exact. */
const weightText = (weight: Dec) => shownDecimal(weight.toFixed()).text;

const countWord = (count: number) => NUMBER_WORDS[count] ?? grouped(String(count));

/** "alice, bob and carol", at most `most` named ("… and 12 others"). */
export function nameList(names: readonly string[], most = 6, joiner = 'and'): string {
  const shown = names.slice(0, most);
  const others = names.length - shown.length;
  const parts = others > 0 ? [...shown, `${grouped(String(others))} other${others === 1 ? '' : 's'}`] : shown;
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} ${joiner} ${parts.at(-1)}`;
}

/** Who can still decide it, in sentences; `name` turns an address into what the page calls it. */
export function pivotalWords(pivotal: Pivotal, name: (address: string) => string = (address) => address): string[] {
  const { remaining, fewest } = pivotal;
  if (pivotal.outcome === 'passing') return [];
  const names = (addresses: readonly string[], joiner = 'and') => nameList(addresses.map(name), 6, joiner);
  const waiting = `${remaining.length === 1 ? 'One member has' : `${grouped(String(remaining.length))} members have`} not voted, holding ${weightText(pivotal.remainingWeight)} weight.`;
  if (pivotal.outcome === 'failing')
    return [
      remaining.length === 0
        ? 'Every member with weight has voted, and yes is short of the line: no vote still to come can pass it.'
        : `${waiting} Even all of them voting yes would leave yes ${weightText(pivotal.needed.minus(pivotal.remainingWeight))} short of the line: no vote still to come can pass it.`,
    ];
  const lines = [`${waiting} Yes needs ${weightText(pivotal.needed)} more to pass.`];
  if (pivotal.passAlone.length > 0)
    lines.push(
      pivotal.passAlone.length === 1
        ? `${names(pivotal.passAlone)} could pass it alone by voting yes.`
        : `Any one of ${names(pivotal.passAlone, 'or')} could pass it alone by voting yes.`,
    );
  else if (fewest && fewest.count === remaining.length && remaining.length > 1)
    lines.push(`It passes only if all ${grouped(String(remaining.length))} who have not voted vote yes.`);
  else if (fewest?.anyOf && fewest.anyOf.length === remaining.length && remaining.length > 6)
    lines.push(
      `Any ${countWord(fewest.count)} of the ${grouped(String(remaining.length))} who have not voted, voting yes, would pass it.`,
    );
  else if (fewest?.anyOf)
    lines.push(`Any ${countWord(fewest.count)} of ${names(fewest.anyOf)} voting yes would pass it.`);
  else if (fewest && fewest.count > 6)
    lines.push(
      `At least ${grouped(String(fewest.count))} of them must vote yes to pass it: the ${grouped(String(fewest.count))} heaviest would, and no ${grouped(String(fewest.count - 1))} could.`,
    );
  else if (fewest)
    lines.push(
      `${names(fewest.set)} voting yes would pass it; no ${countWord(fewest.count - 1)} of those who have not voted could.`,
    );
  if (pivotal.failAlone.length > 0)
    lines.push(
      `${pivotal.failAlone.length === 1 ? names(pivotal.failAlone) : `Each of ${names(pivotal.failAlone)}`} could make it fail alone by voting anything but yes, or by not voting.`,
    );
  return lines;
}
