import { endRecords, exportName, saveCsvExport, type CsvExport } from '../../lib/export-files.ts';
import { proofJsonField, saveFile, type ProofReference } from '../../lib/export-notes.ts';
import type { Audit } from './use-recount.ts';

// The recount's votes as files: CSV (for spreadsheets, with its provenance file beside it) and JSON
// (for programs), each naming the proof bundle exported beside it by the SHA-256 of its bytes.

const WEIGHT_COLUMN = { node: 'current_weight', archive: 'weight_at_tally' } as const;
const WEIGHT_MEANING = {
  node: 'the voter’s weight in the group now (a decimal, in the group’s own weight units); empty: no longer a member',
  archive:
    'the voter’s weight when the chain tallied (a decimal, in the group’s own weight units); empty: not a member then',
} as const;
const SOURCE = {
  node: 'the votes the chain stores, at the members’ current weights',
  archive: 'the votes the archive kept, at the weights they counted with when the chain tallied',
} as const;

/** The recounted votes as CSV: the weight each counted with, and whether it counted at all. */
export async function votesCsv(
  audit: Audit,
  proposalId: string,
  proof: ProofReference,
  exportedAt: Date,
): Promise<CsvExport> {
  // papaparse loads only when someone exports.
  const { unparse } = await import('papaparse');
  const columns = {
    proposal_id: 'the group proposal voted on',
    voter: 'the member’s address',
    option: 'the option chosen (VOTE_OPTION_YES, _NO, _ABSTAIN, _NO_WITH_VETO)',
    [WEIGHT_COLUMN[audit.source]]: WEIGHT_MEANING[audit.source],
    counted_in_tally: '"true" when the vote’s weight is in the recount, "false" when it is not',
    not_counted_because: 'why a vote is not counted (empty when it is)',
    submit_time: 'when the vote was cast (RFC 3339, UTC)',
    metadata: 'the text the voter attached, as written on chain',
  };
  const csv = unparse(
    {
      fields: Object.keys(columns),
      data: audit.rows.map((row) => [
        proposalId,
        row.voter,
        row.option,
        row.weight ?? '',
        row.weight !== null ? 'true' : 'false',
        row.weight !== null ? '' : 'not a member',
        row.submit_time,
        row.metadata,
      ]),
    },
    // A cell starting with = or + must not become a formula in a spreadsheet.
    { escapeFormulae: true, newline: '\r\n' },
  );
  return {
    csv: endRecords(csv),
    provenance: {
      what: `the votes on group proposal #${proposalId}, recounted from ${SOURCE[audit.source]}`,
      source: { chain_tally_read_at_height: audit.height ?? null },
      columns,
      exportedAt,
      proof,
    },
  };
}

export async function downloadVotesCsv(audit: Audit, proposalId: string, proof: ProofReference): Promise<void> {
  saveCsvExport(`proposal-${proposalId}-votes`, await votesCsv(audit, proposalId, proof, new Date()));
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
      counted_in_tally: row.weight !== null,
      submit_time: row.submit_time,
      metadata: row.metadata,
    })),
  };
  saveFile(
    `${JSON.stringify(document, null, 2)}\n`,
    `${exportName(`proposal-${proposalId}-votes`, proof)}.json`,
    'application/json',
  );
}
