import { proofCommentLines, proofJsonField, saveFile, type ProofReference } from '../../lib/export-notes.ts';
import type { Audit } from './use-recount.ts';

// The recount's votes as files: CSV (for spreadsheets) and JSON (for programs), each naming the
// proof bundle exported beside it by the SHA-256 of that file's bytes, so one can be tied to the other.

const WEIGHT_COLUMN = { node: 'current_weight', archive: 'weight_at_tally' } as const;
const SOURCE = {
  node: 'the votes the chain stores, at the members’ current weights',
  archive: 'the votes the archive kept, at the weights they counted with when the chain tallied',
} as const;

const counted = (weight: string | null) => (weight !== null ? 'yes' : 'no (not a member)');

/** Saves the recounted votes as CSV, with the weight each counted with and whether it counted. */
export async function downloadVotesCsv(audit: Audit, proposalId: string, proof: ProofReference): Promise<void> {
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
        counted(row.weight),
        row.submit_time,
        row.metadata,
      ]),
    },
    // A cell starting with = or + must not become a formula in a spreadsheet.
    { escapeFormulae: true },
  );
  const header = [
    `# Polity export: the votes on proposal #${proposalId}, recounted from ${SOURCE[audit.source]}`,
    ...(audit.height ? [`# chain tally read at height ${audit.height}`] : []),
    ...proofCommentLines(proof),
  ];
  saveFile(`${header.join('\n')}\n${csv}`, `proposal-${proposalId}-votes.csv`, 'text/csv;charset=utf-8');
}

/** The same votes as JSON, with the chain's tally and the recount beside them. */
export function downloadVotesJson(audit: Audit, proposalId: string, proof: ProofReference, exportedAt: Date) {
  const document = {
    format: 'polity-votes/1',
    proposal_id: proposalId,
    source: SOURCE[audit.source],
    exported_at: exportedAt.toISOString(),
    chain_tally: audit.chain,
    chain_tally_height: audit.height,
    recount: audit.recount.tally,
    proof_bundle: proofJsonField(proof),
    votes: audit.rows.map((row) => ({
      voter: row.voter,
      option: row.option,
      [WEIGHT_COLUMN[audit.source]]: row.weight,
      counted: row.weight !== null,
      submit_time: row.submit_time,
      metadata: row.metadata,
    })),
  };
  saveFile(`${JSON.stringify(document, null, 2)}\n`, `proposal-${proposalId}-votes.json`, 'application/json');
}
