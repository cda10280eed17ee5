import { blockHashes, signedBlock, type BlockHashScheme, type PriorBlock } from '../chain/block-header.ts';
import type { BlockRecord, TxResult } from '../chain/block.ts';
import { ChainError } from '../chain/chain-error.ts';
import { plainEvent, withAttribute, type AbciEvent, type EventSink } from '../chain/events.ts';
import type { Millis } from '../chain/records.ts';
import type { ChainMsg } from '../chain/tx/chain-msgs.ts';
import { moduleOf, routeMsg, signerOf, type MsgContext } from '../chain/tx/msg-router.ts';
import { encodeMsgData, encodeTx, GAS_WANTED } from '../chain/tx/tx-codec.ts';

/**
 * Collects one block as FinalizeBlock makes it: each transaction's bytes and result (events
 * with `msg_index`, or the error of a refused one), then the end-blocker's events.
 */
export class BlockBuilder {
  private readonly txs: Uint8Array[] = [];
  private readonly results: TxResult[] = [];
  private readonly finalizeEvents: AbciEvent[] = [];

  constructor(
    private readonly context: MsgContext,
    private readonly chainId: string,
    private readonly hashScheme: BlockHashScheme,
    /** The signer's account sequence for its next transaction (it counts up); null: not recorded. */
    private readonly takeSequence: ((signer: string) => bigint) | null = null,
  ) {}

  deliver(msg: ChainMsg): void {
    const signer = signerOf(msg);
    const tx = encodeTx([msg], '', this.takeSequence?.(signer));
    const feeEvents = [
      plainEvent('tx', [
        ['fee', ''],
        ['fee_payer', signer],
      ]),
    ];
    const msgEvents: AbciEvent[] = [];
    this.sendEvents((event) => msgEvents.push(event));
    let result: TxResult;
    try {
      const response = routeMsg(msg, this.context);
      const message = plainEvent('message', [
        ['action', msg.typeUrl],
        ['sender', signer],
        ['module', moduleOf(msg)],
      ]);
      const events = [message, ...msgEvents].map((event) => withAttribute(event, 'msg_index', '0'));
      result = {
        code: 0,
        codespace: '',
        log: '',
        data: encodeMsgData([response]),
        gasWanted: GAS_WANTED,
        gasUsed: gasFor(tx, events),
        events: [...feeEvents, ...events],
      };
    } catch (error) {
      if (!(error instanceof ChainError)) throw error;
      result = {
        code: error.code,
        codespace: error.codespace,
        log: `failed to execute message; message index: 0: ${error.message}`,
        data: new Uint8Array(),
        gasWanted: GAS_WANTED,
        gasUsed: gasFor(tx, []),
        events: feeEvents,
      };
    } finally {
      this.sendEvents(() => undefined);
    }
    this.txs.push(tx);
    this.results.push(result);
  }

  /** Runs the end-blocker with its events recorded as `finalize_block_events`. */
  endBlock(run: () => void): void {
    this.sendEvents((event) => this.finalizeEvents.push(withAttribute(event, 'mode', 'EndBlock')));
    try {
      run();
    } finally {
      this.sendEvents(() => undefined);
    }
  }

  /** Points every module's event manager at one sink. */
  private sendEvents(sink: EventSink): void {
    this.context.group.store.events = sink;
    this.context.gov.store.events = sink;
  }

  /**
   * The block, named and (on a chain with signing validators) signed. `signing` gives what its
   * header takes from the block before and the root of the state this block leaves.
   */
  finish(height: bigint, time: Millis, lastBlockHash: string, signing?: BlockSigning): BlockRecord {
    const base = { height, time, txs: this.txs, txResults: this.results, finalizeEvents: this.finalizeEvents };
    if (this.hashScheme === 'signed') {
      if (!signing) throw new Error('a signed block needs its prior block and state root');
      const { seed, prior, stateRoot } = signing;
      return {
        ...base,
        lastBlockHash,
        ...signedBlock(seed, this.chainId, height, time, this.txs, this.results, lastBlockHash, prior, stateRoot()),
      };
    }
    const resultsDigest = JSON.stringify(this.results.map((result) => [result.code, result.log, result.events]));
    return {
      ...base,
      lastBlockHash,
      ...blockHashes(this.hashScheme, this.chainId, height, time, this.txs, lastBlockHash, resultsDigest),
    };
  }
}

/** What signing a block takes: the chain's seed (its keys), the block before, the state after. */
export interface BlockSigning {
  readonly seed: string;
  readonly prior: PriorBlock;
  readonly stateRoot: () => string;
}

/** A deterministic gas figure: what the tx stored and emitted, roughly as the SDK charges it. */
function gasFor(tx: Uint8Array, events: AbciEvent[]): bigint {
  const eventBytes = events.reduce(
    (sum, event) => sum + event.attributes.reduce((inner, attribute) => inner + attribute.value.length, 0),
    0,
  );
  return BigInt(30_000 + tx.length * 10 + eventBytes * 20);
}
