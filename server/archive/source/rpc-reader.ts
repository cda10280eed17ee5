import { Comet38Client, HttpBatchClient, toRfc3339WithNanoseconds } from '@cosmjs/tendermint-rpc';

import { withRetry } from './retry.ts';

// What the follower reads from CometBFT, through the well-kept client, as plain data.

export interface AbciAttribute {
  key: string;
  value: string;
}

export interface AbciEventData {
  type: string;
  attributes: readonly AbciAttribute[];
}

export interface TxOutcome {
  code: number;
  events: readonly AbciEventData[];
}

export interface FetchedBlock {
  height: bigint;
  hash: string;
  /** Hash of the block before it: a follower checks the chain it reads is one chain. */
  lastBlockHash: string;
  /** RFC 3339 with the chain's nanoseconds. */
  time: string;
  txs: readonly Uint8Array[];
  results: readonly TxOutcome[];
  finalizeEvents: readonly AbciEventData[];
}

export interface NodeStatus {
  chainId: string;
  latestHeight: bigint;
  earliestHeight: bigint;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

export class RpcReader {
  private constructor(private readonly client: Comet38Client) {}

  static async connect(url: string): Promise<RpcReader> {
    // Over HTTP the block and block_results calls of a whole batch of heights travel as JSON-RPC
    // batches (CometBFT accepts them): a few round trips per batch instead of two per block.
    if (/^https?:/i.test(url)) {
      return new RpcReader(Comet38Client.create(new HttpBatchClient(url, { batchSizeLimit: 64, dispatchInterval: 2 })));
    }
    return new RpcReader(await Comet38Client.connect(url));
  }

  async status(): Promise<NodeStatus> {
    const status = await withRetry(
      () => this.client.status(),
      () => false,
    );
    return {
      chainId: status.nodeInfo.network,
      latestHeight: BigInt(status.syncInfo.latestBlockHeight),
      earliestHeight: BigInt(status.syncInfo.earliestBlockHeight ?? 1),
    };
  }

  async block(height: bigint): Promise<FetchedBlock> {
    const [block, results] = await Promise.all([
      withRetry(
        () => this.client.block(Number(height)),
        () => false,
      ),
      withRetry(
        () => this.client.blockResults(Number(height)),
        () => false,
      ),
    ]);
    return {
      height,
      hash: hex(block.blockId.hash),
      lastBlockHash: hex(block.block.header.lastBlockId?.hash ?? new Uint8Array()),
      time: toRfc3339WithNanoseconds(block.block.header.time),
      txs: block.block.txs,
      results: results.results.map((result) => ({ code: result.code, events: result.events })),
      finalizeEvents: results.finalizeBlockEvents,
    };
  }

  disconnect(): void {
    this.client.disconnect();
  }
}
