import type { VoterVote } from '../../api/archive-records.ts';
import type { ArchiveStatus } from '../../api/archive.ts';
import { endpointLabel } from '../../lib/endpoint.ts';

/**
 * A value as one comment line can hold it: a chain id or endpoint is written by whoever runs the
 * node, so line breaks and other control characters are shown as escapes instead of starting a
 * line of their own (a forged CSV row).
 */
const oneLine = (text: string) =>
  text.replace(
    /[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );

/** The CSV text of a voter's record, preceded by its provenance as comment lines. */
export async function voterRecordCsv(
  votes: VoterVote[],
  provenance: { endpoint: string; voter: string; query: string; status: ArchiveStatus | undefined; exportedAt: Date },
): Promise<string> {
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

export function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
