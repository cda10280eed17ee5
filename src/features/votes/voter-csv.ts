import type { VoterVote } from '../../api/archive-records.ts';
import type { ArchiveStatus } from '../../api/archive.ts';
import { endpointLabel } from '../../lib/chain/endpoint.ts';
import { oneLine, proofCommentLines, proofJsonField, type ProofReference } from '../../lib/export-notes.ts';

export interface VoterExportProvenance {
  endpoint: string;
  voter: string;
  query: string;
  status: ArchiveStatus | undefined;
  exportedAt: Date;
  /** The proof bundle of the voter's whole record, exported beside it (or why there is none). */
  proof?: ProofReference;
}

/** The CSV text of a voter's record, preceded by its provenance as comment lines. */
export async function voterRecordCsv(votes: VoterVote[], provenance: VoterExportProvenance): Promise<string> {
  // papaparse loads only when someone exports.
  const { unparse } = await import('papaparse');
  const { status } = provenance;
  const header = [
    `# Polity archive export: the votes cast by ${oneLine(provenance.voter)} that match the query below`,
    `# endpoint: ${oneLine(provenance.endpoint || endpointLabel(provenance.endpoint))}`,
    `# chain: ${oneLine(status?.chain_id ?? 'unknown')}; archive heights ${status?.earliest_height ?? '?'}` +
      `-${status?.latest_height ?? '?'}`,
    `# exported at: ${provenance.exportedAt.toISOString()}`,
    `# query: GET ${oneLine(provenance.query)} (all pages)`,
    ...(provenance.proof ? proofCommentLines(provenance.proof) : []),
  ];
  const csv = unparse(
    {
      fields: [
        'proposal_id',
        'proposal_title',
        'group_id',
        'group_name',
        'option',
        'weight_counted',
        'proposal_status',
        'executor_result',
        'submit_time',
        'observed_height',
        'pruned_from_chain',
      ],
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
    { escapeFormulae: true },
  );
  return `${header.join('\n')}\n${csv}`;
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
