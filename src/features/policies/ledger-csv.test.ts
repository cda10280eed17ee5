import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { ledgerCsv } from './ledger-csv.ts';

// A policy's ledger as CSV: what it is, that no bundle proves it, and the rows as the chain wrote them.

describe("a policy's ledger as CSV", () => {
  it('says what it holds and that nothing proves it, then a row per transfer, formulas neutralised', async () => {
    const csv = await ledgerCsv(
      [
        {
          height: '518510',
          seq: 0,
          block_time: '2026-11-29T07:30:00.000Z',
          direction: 'out',
          amount: '1001000stake',
          counterparty: '=HYPERLINK("x")',
          proposal_id: '12',
          tx_hash: 'AB'.repeat(32),
        },
      ],
      { policy: 'cosmos1policy\nforged', endpoint: '' },
    );
    const lines = csv.split(/\r?\n/);
    expect(lines.slice(0, 4)).toEqual([
      '# Polity archive export: the transfers in and out of group policy cosmos1policy\\u{A}forged, newest first',
      "# from: this server, the archive's reading of the blocks' x/bank transfer events",
      "# not listed: delegations and multi-sends (no transfer event), sends in blocks the archive skipped while reading through the node's index",
      '# proof bundle: none (the archive does not prove transfers)',
    ]);
    const rows = Papa.parse<Record<string, string>>(lines.slice(4).join('\n'), { header: true, skipEmptyLines: true });
    expect(rows.data).toEqual([
      {
        height: '518510',
        block_time: '2026-11-29T07:30:00.000Z',
        direction: 'out',
        amount: '1001000stake',
        counterparty: `'=HYPERLINK("x")`,
        proposal_id: '12',
        tx_hash: 'AB'.repeat(32),
      },
    ]);
    // An empty ledger still says what its columns are.
    expect((await ledgerCsv([], { policy: 'cosmos1p', endpoint: '' })).split(/\r?\n/)[4]).toBe(
      'height,block_time,direction,amount,counterparty,proposal_id,tx_hash',
    );
  });
});
