import type { GroupMember, TallyResult, Vote } from '../api/schemas.ts';
import { dec, type Dec } from '../lib/decimal.ts';
import { TALLY_FIELDS, VOTE_OPTIONS } from './vote-options.ts';

export interface Recount {
  tally: TallyResult;
  counted: number;
  /** Voters whose votes did not count (no longer members): the chain skips them too. */
  skipped: string[];
}

/** The live tally as x/group computes it: each vote at the voter's current weight, leavers skipped. */
export function recount(votes: Vote[], members: GroupMember[]): Recount {
  const weights = new Map(members.map((member) => [member.member.address, member.member.weight]));
  const sums: Record<keyof TallyResult, Dec> = {
    yes_count: dec(0),
    abstain_count: dec(0),
    no_count: dec(0),
    no_with_veto_count: dec(0),
  };
  const skipped: string[] = [];
  let counted = 0;
  for (const vote of votes) {
    const weight = weights.get(vote.voter);
    const field = VOTE_OPTIONS[vote.option].tallyField;
    if (weight === undefined || field === null) {
      skipped.push(vote.voter);
      continue;
    }
    sums[field] = sums[field].plus(weight);
    counted++;
  }
  const tally: TallyResult = {
    yes_count: sums.yes_count.toFixed(),
    abstain_count: sums.abstain_count.toFixed(),
    no_count: sums.no_count.toFixed(),
    no_with_veto_count: sums.no_with_veto_count.toFixed(),
  };
  return { tally, counted, skipped };
}

/** A final tally rebuilt from votes that carry the weight each counted with (null: not counted). */
export function sumCounted(votes: { voter: string; option: string; weight: string | null }[]): Recount {
  const sums = new Map<keyof TallyResult, Dec>(TALLY_FIELDS.map((field) => [field, dec(0)]));
  const skipped: string[] = [];
  let counted = 0;
  for (const vote of votes) {
    const field = vote.option in VOTE_OPTIONS ? VOTE_OPTIONS[vote.option as Vote['option']].tallyField : null;
    if (vote.weight === null || field === null) {
      skipped.push(vote.voter);
      continue;
    }
    sums.set(field, sums.get(field)!.plus(vote.weight));
    counted++;
  }
  const total = (field: keyof TallyResult) => sums.get(field)!.toFixed();
  const tally: TallyResult = {
    yes_count: total('yes_count'),
    abstain_count: total('abstain_count'),
    no_count: total('no_count'),
    no_with_veto_count: total('no_with_veto_count'),
  };
  return { tally, counted, skipped };
}

/** Compares numerically (the chain keeps trailing zeros: "2.50" equals "2.5"). */
export function sameTally(a: TallyResult, b: TallyResult): boolean {
  return TALLY_FIELDS.every((field) => dec(a[field]).eq(b[field]));
}
