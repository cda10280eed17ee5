import type { LedgerTransfer } from '../../api/treasury/ledger.ts';
import { oneLine, proofCommentLines } from '../../lib/export-notes.ts';

// A policy's ledger as CSV: comment lines saying what it is and that no bundle proves it, then a
// row per transfer, newest first, amounts exactly as the chain's events wrote them.

export async function ledgerCsv(rows: readonly LedgerTransfer[], about: { policy: string; endpoint: string }) {
  const { unparse } = await import('papaparse');
  const comments = [
    `# Polity archive export: the transfers in and out of group policy ${oneLine(about.policy)}, newest first`,
    `# from: ${oneLine(about.endpoint || 'this server')}, the archive's reading of the blocks' x/bank transfer events`,
    "# not listed: delegations and multi-sends (no transfer event), sends in blocks the archive skipped while reading through the node's index",
    ...proofCommentLines({ unavailable: 'the archive does not prove transfers' }),
  ];
  // Named fields: an empty ledger still has its header.
  const body = unparse(
    {
      fields: ['height', 'block_time', 'direction', 'amount', 'counterparty', 'proposal_id', 'tx_hash'],
      data: rows.map((row) => [
        row.height,
        row.block_time,
        row.direction,
        row.amount,
        row.counterparty,
        row.proposal_id ?? '',
        row.tx_hash ?? '',
      ]),
    },
    { escapeFormulae: true },
  );
  return `${comments.join('\n')}\n${body}\n`;
}
