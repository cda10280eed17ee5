import type { FetchedBlock } from '../../source/rpc-reader.ts';
import { attribute, jsonValue, transactionHash } from './decode-block.ts';

// x/bank's transfers in a block, in the order they happened, each with the group proposal whose
// execution made it: x/group runs a proposal's messages, then emits EventExec, so a transfer
// belongs to the first EventExec after it of the same message (none: the transaction itself sent it).

export interface TransferFact {
  /** Its place among the block's transfers. */
  seq: number;
  sender: string;
  recipient: string;
  /** As the event writes it: `500stake`, several coins joined by commas. */
  amount: string;
  /** The transaction (null: the block's own end-blocker events). */
  txHash: string | null;
  proposalId: string | null;
}

export function transfersOf(block: FetchedBlock): TransferFact[] {
  const transfers: TransferFact[] = [];
  const read = (events: FetchedBlock['finalizeEvents'], txHash: string | null) => {
    // Per message of the transaction (v0.50's msg_index): a proposal's execution credits only
    // the transfers its own message made, not a send of another message beside it.
    const pending = new Map<string, TransferFact[]>();
    for (const event of events) {
      const message = attribute(event, 'msg_index') ?? '';
      if (event.type === 'transfer') {
        const fact: TransferFact = {
          seq: transfers.length,
          sender: attribute(event, 'sender') ?? '',
          recipient: attribute(event, 'recipient') ?? '',
          amount: attribute(event, 'amount') ?? '',
          txHash,
          proposalId: null,
        };
        transfers.push(fact);
        pending.set(message, [...(pending.get(message) ?? []), fact]);
      } else if (event.type === 'cosmos.group.v1.EventExec') {
        const proposalId = jsonValue(event, 'proposal_id');
        for (const fact of pending.get(message) ?? []) fact.proposalId = proposalId;
        pending.delete(message);
      }
    }
  };
  block.results.forEach((result, index) => {
    const tx = block.txs[index];
    if (result.code === 0 && tx) read(result.events, transactionHash(tx));
  });
  read(block.finalizeEvents, null);
  return transfers;
}
