import * as v from 'valibot';

import { archiveList, pageResponse, segment, type ListOptions } from '../archive.ts';
import { uint64 } from '../schemas.ts';

// A group policy's ledger, as the archive keeps it from the blocks' transfer events: apart from
// archive.ts so only the policy page carries its schema.

const transfer = v.object({
  height: uint64,
  /** Its place among the block's transfers. */
  seq: v.number(),
  block_time: v.string(),
  direction: v.picklist(['in', 'out']),
  counterparty: v.string(),
  /** As the chain's event writes it: `500stake`, several coins joined by commas. */
  amount: v.string(),
  proposal_id: v.nullable(uint64),
  tx_hash: v.nullable(v.string()),
});
export type LedgerTransfer = v.InferOutput<typeof transfer>;

const ledger = v.object({ transfers: v.array(transfer), pagination: pageResponse });

/** A page of a policy's transfers, newest first. */
export const getPolicyLedger = (endpoint: string, address: string, options: ListOptions) =>
  archiveList<LedgerTransfer>(
    endpoint,
    `policies/${segment(address)}/ledger`,
    ledger,
    'transfers',
    { order: 'desc' },
    options,
  );
