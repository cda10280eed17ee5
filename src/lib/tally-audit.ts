import type { GroupMember, TallyResult, Vote, VoteOption } from '../api/schemas.ts';
import { dec, type Dec } from './decimal.ts';

export interface Recount {
  tally: TallyResult;
  counted: number;
  /** Votes of addresses that are no longer members: the chain skips them too. */
  skipped: Vote[];
}

const FIELD: Record<VoteOption, keyof TallyResult | null> = {
  VOTE_OPTION_UNSPECIFIED: null,
  VOTE_OPTION_YES: 'yes_count',
  VOTE_OPTION_ABSTAIN: 'abstain_count',
  VOTE_OPTION_NO: 'no_count',
  VOTE_OPTION_NO_WITH_VETO: 'no_with_veto_count',
};

/** The live tally as x/group computes it: each vote at the voter's current weight, leavers skipped. */
export function recount(votes: Vote[], members: GroupMember[]): Recount {
  const weight = new Map(members.map((m) => [m.member.address, m.member.weight]));
  const sums: Record<keyof TallyResult, Dec> = {
    yes_count: dec(0),
    abstain_count: dec(0),
    no_count: dec(0),
    no_with_veto_count: dec(0),
  };
  const skipped: Vote[] = [];
  let counted = 0;
  for (const v of votes) {
    const w = weight.get(v.voter);
    const field = FIELD[v.option];
    if (w === undefined || field === null) {
      skipped.push(v);
      continue;
    }
    sums[field] = sums[field].plus(w);
    counted++;
  }
  const tally = Object.fromEntries(Object.entries(sums).map(([k, d]) => [k, d.toFixed()])) as unknown as TallyResult;
  return { tally, counted, skipped };
}

/** Compares numerically (the chain keeps trailing zeros: "2.50" equals "2.5"). */
export function sameTally(a: TallyResult, b: TallyResult): boolean {
  return (Object.keys(FIELD) as VoteOption[]).map((o) => FIELD[o]).every((f) => f === null || dec(a[f]).eq(b[f]));
}
