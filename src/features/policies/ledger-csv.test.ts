import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { provenanceJson } from '../../lib/export-files.ts';
import { ledgerCsv } from './ledger-csv.ts';

// A policy's ledger as CSV a spreadsheet opens as it is: the header first, amount and denom in
// their own columns; what it is and that no bundle proves it in the provenance file beside it.

const at = new Date('2026-11-29T08:00:00Z');
const transfer = {
  height: '518510',
  seq: 0,
  block_time: '2026-11-29T07:30:00.000Z',
  direction: 'out' as const,
  amount: '1001000stake',
  counterparty: '=HYPERLINK("x")',
  proposal_id: '12',
  tx_hash: 'AB'.repeat(32),
};

describe("a policy's ledger as CSV", () => {
  it('starts with its header row, one row per coin, amount and denom apart, formulas neutralised', async () => {
    const made = await ledgerCsv([transfer, { ...transfer, height: '518400', amount: '5stake,7ibc/27394FB0' }], {
      policy: 'cosmos1policy',
      endpoint: '',
      exportedAt: at,
    });
    expect(made.csv.split('\r\n')[0]).toBe('height,block_time,direction,amount,denom,counterparty,proposal_id,tx_hash');
    expect(made.csv).not.toMatch(/^#/m);
    const rows = Papa.parse<Record<string, string>>(made.csv, { header: true, skipEmptyLines: true });
    expect(rows.errors).toEqual([]);
    expect(rows.data.map((row) => [row.height, row.amount, row.denom])).toEqual([
      ['518510', '1001000', 'stake'],
      ['518400', '5', 'stake'],
      ['518400', '7', 'ibc/27394FB0'],
    ]);
    expect(rows.data[0]?.counterparty).toBe(`'=HYPERLINK("x")`);
  });

  it('says in the file beside it what it holds, what each column means, and that no bundle proves it', async () => {
    const made = await ledgerCsv([], { policy: 'cosmos1policy\nforged', endpoint: '', exportedAt: at });
    expect(made.csv).toBe('height,block_time,direction,amount,denom,counterparty,proposal_id,tx_hash\r\n');
    const sidecar = JSON.parse(provenanceJson('policy-x-ledger', made.provenance)) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      format: 'polity-export-provenance/1',
      file: 'policy-x-ledger.csv',
      what: 'the transfers in and out of group policy cosmos1policy\nforged, newest first',
      exported_at: '2026-11-29T08:00:00.000Z',
      proof_bundle: { file_name: null, sha256: null, unavailable: 'the archive does not prove transfers' },
      check: null,
    });
    expect(Object.keys(sidecar.columns as object)).toEqual(made.csv.trim().split(','));
  });
});
