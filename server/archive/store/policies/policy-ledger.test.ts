import { describe, expect, it } from 'vitest';

import { ArchiveStore } from '../archive-store.ts';
import { encodeKey } from '../keyset-page.ts';
import { readLedger, writeLedger, type LedgerEntry } from './policy-ledger.ts';

// A policy's ledger pages by height as a number: block 1,000 comes after block 999, not before.

const entry = (height: bigint, direction: 'in' | 'out' = 'out'): LedgerEntry => ({
  policy: 'cosmos1policy',
  height,
  seq: 0,
  time: '2026-11-29T00:00:00Z',
  direction,
  counterparty: 'cosmos1other',
  amount: '5stake',
  proposalId: '7',
  txHash: null,
});

describe("a policy's ledger, paged", () => {
  it('orders heights as numbers across a digit, and keeps both sides of a send to itself', async () => {
    const store = await ArchiveStore.open(':memory:');
    try {
      await store.write((tx) => writeLedger(tx, [entry(1000n), entry(999n), entry(1000n, 'in')]));
      const page = (after: string[] | null) =>
        readLedger(store.db, 'cosmos1policy', false, { after, limit: 1, countTotal: true });
      const first = await page(null);
      expect(first.rows.map((row) => row.height)).toEqual(['999']);
      expect(first.pagination.total).toBe('3');
      const second = await page(JSON.parse(Buffer.from(first.pagination.next_key!, 'base64').toString()) as string[]);
      expect(second.rows.map((row) => [row.height, row.direction])).toEqual([['1000', 'in']]);
      expect(encodeKey(['999', '0', 'out'])).toBe(first.pagination.next_key);
    } finally {
      await store.db.close();
    }
  });
});
