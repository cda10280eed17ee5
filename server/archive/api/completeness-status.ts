import type { SelfCheckState } from '../follower/check/tally-self-check.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { readTallyCheckSummary } from '../store/proposals/tally-checks.ts';

// The status's account of completeness, per subject: the sets proven to hold every key the chain
// kept under their prefix (walks of absence proofs), and the archive's recount of every tally it
// followed from the votes it holds — with what reading a voting window again found, where it had to.

/** x/group's sets the prover walks, by the name their proofs are kept under, in words. */
const SET_WORDS: Record<string, string> = {
  'vote-range': "proposals' votes",
  'group-member-range': "groups' members",
  'group-policy-range': "groups' policies",
  'policy-proposal-range': "policies' proposals",
};

const plural = (count: string, one: string, many: string) => `${count} ${count === '1' ? one : many}`;

export async function completenessStatusJson(
  db: ArchiveStore['db'],
  totals: Record<string, { proven: string; unproven: string }>,
  check: SelfCheckState = { rereading: null, problem: null },
) {
  const summary = await readTallyCheckSummary(db);
  const differing = String(BigInt(summary.checked) - BigInt(summary.reconciled));
  const reread = summary.reread;
  const tallyWords =
    summary.checked === '0'
      ? 'no tally recounted yet: none the archive followed from submission to tally'
      : `${plural(summary.checked, 'tally', 'tallies')} the archive followed recounted from its own votes at the weights they counted with: ` +
        `${summary.reconciled} add${summary.reconciled === '1' ? 's' : ''} up` +
        (reread !== '0' ? ` (${reread} after reading the voting window again)` : '') +
        (differing === '0' ? '' : `; ${differing} differ${differing === '1' ? 's' : ''}`);
  const sets = Object.entries(SET_WORDS).map(([subject, words]) => {
    const total = totals[subject] ?? { proven: '0', unproven: '0' };
    return {
      subject,
      proven_complete: total.proven,
      not_proven: total.unproven,
      words: `${words}: ${total.proven} proven complete by a walk of absence proofs in one state${
        total.unproven === '0' ? '' : `; ${total.unproven} not (yet) proven`
      }`,
    };
  });
  return {
    tallies: {
      checked: summary.checked,
      reconciled: summary.reconciled,
      differing,
      words: tallyWords,
      /** A voting window being read again now. */
      rereading: check.rereading,
      problem: check.problem,
      /** Every recount that needed a second reading or still differs, newest first (50 at most). */
      unsettled: summary.unsettled,
    },
    sets,
  };
}
