import type { Audit } from './use-recount.ts';

const WEIGHT_COLUMN = { node: 'current_weight', archive: 'weight_at_tally' } as const;

/** Saves the recounted votes as CSV, with the weight each counted with and whether it counted. */
export async function downloadVotesCsv(audit: Audit, proposalId: string): Promise<void> {
  // papaparse loads only when someone exports.
  const { unparse } = await import('papaparse');
  const csv = unparse(
    {
      fields: ['proposal_id', 'voter', 'option', WEIGHT_COLUMN[audit.source], 'counted', 'submit_time', 'metadata'],
      data: audit.rows.map((row) => [
        proposalId,
        row.voter,
        row.option,
        row.weight ?? '',
        row.weight !== null ? 'yes' : 'no (not a member)',
        row.submit_time,
        row.metadata,
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
