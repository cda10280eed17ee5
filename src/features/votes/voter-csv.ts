import type { VoterVote } from '../../api/archive-records.ts';
import type { ArchiveStatus } from '../../api/archive.ts';
import { endpointLabel } from '../../lib/chain/endpoint.ts';
import { endRecords, type CsvExport } from '../../lib/export-files.ts';
import { proofJsonField, type ProofReference } from '../../lib/export-notes.ts';

export interface VoterExportProvenance {
  endpoint: string;
  voter: string;
  query: string;
  status: ArchiveStatus | undefined;
  exportedAt: Date;
  /** The proof bundle of the voter's whole record, exported beside it (or why there is none). */
  proof?: ProofReference;
}

const COLUMNS = {
  proposal_id: 'the group proposal voted on',
  proposal_title: 'its title, as written on chain',
  group_id: 'the group whose member voted',
  group_name: 'the group’s name (its metadata), as written on chain',
  option: 'the option chosen (VOTE_OPTION_YES, _NO, _ABSTAIN, _NO_WITH_VETO)',
  weight_counted:
    'the weight the vote counted with in the tally (a decimal, in the group’s own weight units); empty: not known',
  proposal_status: 'what became of the proposal (PROPOSAL_STATUS_…)',
  executor_result: 'whether its messages ran (PROPOSAL_EXECUTOR_RESULT_…)',
  submit_time: 'when the vote was cast (RFC 3339, UTC)',
  observed_height: 'the block the archive saw the vote in',
  pruned_from_chain: '"yes" when the chain no longer stores the vote and the archive is its record',
} as const;

/** A voter's record as CSV, and its provenance for the file beside it. */
export async function voterRecordCsv(votes: VoterVote[], provenance: VoterExportProvenance): Promise<CsvExport> {
  // papaparse loads only when someone exports.
  const { unparse } = await import('papaparse');
  const { status } = provenance;
  const csv = unparse(
    {
      fields: Object.keys(COLUMNS),
      data: votes.map((vote) => [
        vote.proposal_id,
        vote.proposal_title,
        vote.group_id,
        vote.group_name,
        vote.option,
        vote.weight ?? '',
        vote.proposal_status,
        vote.executor_result,
        vote.submit_time ?? '',
        vote.observed_height ?? '',
        vote.pruned_from_chain ? 'yes' : 'no',
      ]),
    },
    // A cell starting with = or + must not become a formula in a spreadsheet.
    { escapeFormulae: true, newline: '\r\n' },
  );
  return {
    csv: endRecords(csv),
    provenance: {
      what: `the votes cast by ${provenance.voter} that match the query`,
      source: {
        endpoint: provenance.endpoint || endpointLabel(provenance.endpoint),
        chain_id: status?.chain_id ?? null,
        archive_heights: `${status?.earliest_height ?? '?'}-${status?.latest_height ?? '?'}`,
        query: `GET ${provenance.query} (all pages)`,
      },
      columns: COLUMNS,
      exportedAt: provenance.exportedAt,
      proof: provenance.proof ?? { unavailable: 'no bundle was asked for' },
    },
  };
}

/** The same record as JSON, with the same provenance. */
export function voterRecordJson(votes: VoterVote[], provenance: VoterExportProvenance): string {
  const { status } = provenance;
  const document = {
    format: 'polity-voter-votes/1',
    voter: provenance.voter,
    endpoint: provenance.endpoint || endpointLabel(provenance.endpoint),
    chain_id: status?.chain_id ?? null,
    archive_heights: { from: status?.earliest_height ?? null, to: status?.latest_height ?? null },
    exported_at: provenance.exportedAt.toISOString(),
    query: `GET ${provenance.query} (all pages)`,
    proof_bundle: provenance.proof ? proofJsonField(provenance.proof) : null,
    votes,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
