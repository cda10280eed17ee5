import { describe, expect, it } from 'vitest';

import type { AbciEventData, FetchedBlock } from '../../source/rpc-reader.ts';
import { transfersOf } from './transfers.ts';

// Which proposal made a transfer: the execution of the same message, never a send beside it.

const event = (type: string, attributes: [string, string][]): AbciEventData => ({
  type,
  attributes: attributes.map(([key, value]) => ({ key, value, index: true })),
});
const transfer = (sender: string, recipient: string, amount: string, message: string) =>
  event('transfer', [
    ['recipient', recipient],
    ['sender', sender],
    ['amount', amount],
    ['msg_index', message],
  ]);

describe('transfers of a block', () => {
  it('credits a spend to the proposal its own message executed, and a send beside it to none', () => {
    const block = {
      height: 10n,
      hash: '',
      lastBlockHash: '',
      time: '2026-11-29T00:00:00Z',
      txs: [Uint8Array.of(1), Uint8Array.of(2)],
      results: [
        {
          code: 0,
          events: [
            transfer('cosmos1user', 'cosmos1policy', '7stake', '0'),
            transfer('cosmos1policy', 'cosmos1to', '5stake', '1'),
            event('cosmos.group.v1.EventExec', [
              ['proposal_id', '"12"'],
              ['result', '"PROPOSAL_EXECUTOR_RESULT_SUCCESS"'],
              ['msg_index', '1'],
            ]),
          ],
        },
        // A failed transaction moved nothing.
        { code: 5, events: [transfer('cosmos1policy', 'cosmos1to', '9stake', '0')] },
      ],
      finalizeEvents: [],
    } satisfies FetchedBlock;
    expect(transfersOf(block).map(({ sender, amount, proposalId, seq }) => [sender, amount, proposalId, seq])).toEqual([
      ['cosmos1user', '7stake', null, 0],
      ['cosmos1policy', '5stake', '12', 1],
    ]);
  });
});
