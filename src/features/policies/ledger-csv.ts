import type { LedgerTransfer } from '../../api/treasury/ledger.ts';
import { coinsOf, endRecords, type CsvExport } from '../../lib/export-files.ts';

// A policy's ledger as CSV: a row per coin moved (a transfer of two denoms is two rows), newest
// first, amounts in the chain's base units exactly as its events wrote them; what it is and that no
// bundle proves it go in the provenance file beside it.

const COLUMNS = {
  height: 'the block the transfer is in',
  block_time: 'that block’s time (RFC 3339, UTC)',
  direction: '"in" to the policy or "out" of it',
  amount: 'the amount moved, an integer in the base unit named by denom',
  denom: 'the base unit of amount, as the chain names it (e.g. "stake", "uatom", "ibc/…")',
  counterparty: 'the account on the other side',
  proposal_id: 'the group proposal whose execution paid it, when it was one',
  tx_hash: 'the transaction, when the transfer came from one (empty: an end-blocker’s)',
} as const;

export async function ledgerCsv(
  rows: readonly LedgerTransfer[],
  about: { policy: string; endpoint: string; exportedAt: Date },
): Promise<CsvExport> {
  const { unparse } = await import('papaparse');
  // Named fields: an empty ledger still has its header.
  const csv = unparse(
    {
      fields: Object.keys(COLUMNS),
      data: rows.flatMap((row) =>
        coinsOf(row.amount).map((coin) => [
          row.height,
          row.block_time,
          row.direction,
          coin.amount,
          coin.denom,
          row.counterparty,
          row.proposal_id ?? '',
          row.tx_hash ?? '',
        ]),
      ),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return {
    csv: endRecords(csv),
    provenance: {
      what: `the transfers in and out of group policy ${about.policy}, newest first`,
      source: {
        endpoint: about.endpoint || null,
        read_from: "the archive's reading of the blocks' x/bank transfer events",
        not_listed:
          "delegations and multi-sends (no transfer event), sends in blocks the archive skipped while reading through the node's index",
      },
      columns: COLUMNS,
      exportedAt: about.exportedAt,
      proof: { unavailable: 'the archive does not prove transfers' },
    },
  };
}
