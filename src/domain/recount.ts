import type { GroupMember, TallyResult, Vote } from '../api/schemas.ts';
import { dec, type Dec } from '../lib/decimal.ts';
import { TALLY_FIELDS, VOTE_OPTIONS } from './vote-options.ts';

export interface Recount {
  tally: TallyResult;
  counted: number;
  /** Votes of addresses that are no longer members: the chain skips them too. */
  skipped: Vote[];
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
  const skipped: Vote[] = [];
  let counted = 0;
  for (const vote of votes) {
    const weight = weights.get(vote.voter);
    const field = VOTE_OPTIONS[vote.option].tallyField;
    if (weight === undefined || field === null) {
      skipped.push(vote);
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

/** Compares numerically (the chain keeps trailing zeros: "2.50" equals "2.5"). */
export function sameTally(a: TallyResult, b: TallyResult): boolean {
  return TALLY_FIELDS.every((field) => dec(a[field]).eq(b[field]));
}
