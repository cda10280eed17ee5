import type { Audit } from './use-recount.ts';

/** Saves the recounted votes as CSV, with each voter's current weight and whether it counted. */
export async function downloadVotesCsv(audit: Audit, proposalId: string): Promise<void> {
  // papaparse loads only when someone exports.
  const { unparse } = await import('papaparse');
  const weights = new Map(audit.members.map((member) => [member.member.address, member.member.weight]));
  const csv = unparse(
    {
      fields: ['proposal_id', 'voter', 'option', 'current_weight', 'counted', 'submit_time', 'metadata'],
      data: audit.votes.map((vote) => [
        vote.proposal_id,
        vote.voter,
        vote.option,
        weights.get(vote.voter) ?? '',
        weights.has(vote.voter) ? 'yes' : 'no (not a member)',
        vote.submit_time,
        vote.metadata,
      ]),
    },
    // A cell starting with = or + must not become a formula in a spreadsheet.
    { escapeFormulae: true },
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `proposal-${proposalId}-votes.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
