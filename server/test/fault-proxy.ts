import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { hugeSearchPage, searchesAsked } from './index-lie.ts';

// A node in front of a real one that misbehaves on demand, as the faults an archive meets in the
// wild: a node that stops answering, drops connections, forges blocks, answers stubs or
// "not found" for what exists, lags behind for a moment (a load balancer's other backend), or
// gives header times that go backwards or are earlier than its blocks', drips its answers a byte
// a second, answers a batch of requests with an empty batch or with an endless one, claims for a
// moment to have pruned all but its latest block, or has an index that claims 9e15 results and
// answers every page of them full.

export interface Faults {
  /** Hold every request without an answer (it times out on the reader's side). */
  hang: boolean;
  /**
   * Answer every request truly but a byte a second: the connection is never idle, so only a
   * deadline on the whole answer ends it.
   */
  drip: boolean;
  /** Fail this share of requests (every n-th): a 500 or a dropped connection in turn. */
  failEvery: number;
  /** Blocks answered under a made-up id, naming no block before them. */
  forgeBlocks: boolean;
  /** `/cosmos/group/v1/proposal/{id}` answered 200 `{}`. */
  stubProposals: boolean;
  /** `/cosmos/group/v1/proposal/{id}` answered as the node's "not found". */
  hideProposals: boolean;
  /** The status says the node is this many blocks lower than it is. */
  dipBlocks: number;
  /** `tx_search` finds nothing: an index that leaves out every transaction. */
  hideTransactions: boolean;
  /** `tx_search` leaves out the transactions of these heights (and only those): a lie a sample rarely catches. */
  hideHeights: readonly string[];
  /** `/genesis` says the chain began in 2099: a genesis that does not begin the chain served. */
  laterGenesis: boolean;
  /** `/blockchain` hands its headers' times out in reverse: the higher a block, the earlier its time. */
  timesBackwards: boolean;
  /**
   * `/blockchain` gives every odd height without transactions (a block an index names no activity
   * in) a time this many ms earlier than its own (0: never). At the block interval, times still
   * never go back, yet the first block after a moment can look as if it came before it: the block
   * after it is taken for the first.
   */
  oddTimesEarlierMs: number;
  /** The status says the node's earliest block is its latest: it claims to have pruned everything else. */
  earliestIsLatest: boolean;
  /** A JSON-RPC batch answered `200 []`: no answer to any of its requests (the audit's silent stall). */
  emptyBatches: boolean;
  /** A JSON-RPC batch answered with its first answer only: the node's answer leaves the others out. */
  partialBatches: boolean;
  /**
   * A JSON-RPC batch answered with HUGE_BATCH_BYTES: a 200 whose JSON never closes, streamed as
   * fast as the reader takes it, from one buffer (this process holds none of it).
   */
  hugeBatches: boolean;
  /** `tx_search` and `block_search` claim 9e15 results and answer every page full (index-lie.ts). */
  hugeIndexTotals: boolean;
}

/** What a batch is answered with under `hugeBatches`: as the audit's 300 MB answer. */
export const HUGE_BATCH_BYTES = 300 * 1024 * 1024;

export interface FaultProxy {
  base: string;
  faults: Faults;
  /** Requests answered (or failed) so far. */
  requests: number;
  /** Searches the lying index answered (`hugeIndexTotals`), a batch's each counted. */
  searches: number;
  close(): Promise<void>;
}

type RpcItem = { jsonrpc?: string; id?: unknown; result?: Record<string, unknown>; error?: unknown };

const MADE_UP_HASH = 'F0'.repeat(32);

function forge(item: RpcItem, faults: Faults): RpcItem {
  const result = item.result as
    | {
        block_id?: { hash: string };
        block?: { header: { last_block_id: { hash: string } } };
        sync_info?: { latest_block_height: string; earliest_block_height?: string };
        txs?: unknown[];
        total_count?: string;
        genesis?: { genesis_time: string };
        block_metas?: { header: { height: string; time: string }; num_txs?: string }[];
      }
    | undefined;
  if (!result) return item;
  if (faults.timesBackwards && result.block_metas) {
    const times = result.block_metas.map((meta) => meta.header.time).reverse();
    result.block_metas.forEach((meta, index) => (meta.header.time = times[index]));
  }
  if (faults.oddTimesEarlierMs > 0 && result.block_metas)
    for (const { header, num_txs } of result.block_metas)
      if (BigInt(header.height) % 2n === 1n && num_txs === '0')
        header.time = new Date(Date.parse(header.time) - faults.oddTimesEarlierMs).toISOString();
  if (faults.laterGenesis && result.genesis) result.genesis.genesis_time = '2099-01-01T00:00:00Z';
  if (faults.hideTransactions && Array.isArray(result.txs) && result.total_count !== undefined) {
    result.txs = [];
    result.total_count = '0';
  }
  if (faults.hideHeights.length > 0 && Array.isArray(result.txs) && result.total_count !== undefined) {
    // Each hidden entry is answered as one more transaction of the height before it on the page:
    // pages stay full, in order, and the total true, so only the blocks show what was left out.
    type Entry = { height?: string; index?: number };
    const hidden = (tx: Entry) => faults.hideHeights.includes(String(tx.height));
    let previous: Entry | undefined;
    result.txs = (result.txs as Entry[]).map((tx) => {
      if (hidden(tx) && previous) previous = { ...previous, index: Number(previous.index) + 1 };
      else previous = tx;
      return previous;
    });
  }
  if (faults.forgeBlocks && result.block_id && result.block) {
    result.block_id.hash = MADE_UP_HASH;
    result.block.header.last_block_id.hash = '';
  }
  if (faults.earliestIsLatest && result.sync_info)
    result.sync_info.earliest_block_height = result.sync_info.latest_block_height;
  if (faults.dipBlocks > 0 && result.sync_info) {
    const lowered = BigInt(result.sync_info.latest_block_height) - BigInt(faults.dipBlocks);
    result.sync_info.latest_block_height = String(lowered < 1n ? 1n : lowered);
  }
  return item;
}

const PROPOSAL_PATH = /^\/cosmos\/group\/v1\/proposal\/\d+$/;

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const faults: Faults = {
    hang: false,
    drip: false,
    failEvery: 0,
    forgeBlocks: false,
    stubProposals: false,
    hideProposals: false,
    dipBlocks: 0,
    hideTransactions: false,
    hideHeights: [],
    laterGenesis: false,
    timesBackwards: false,
    oddTimesEarlierMs: 0,
    emptyBatches: false,
    partialBatches: false,
    earliestIsLatest: false,
    hugeBatches: false,
    hugeIndexTotals: false,
  };
  const held = new Set<ServerResponse>();
  const proxy: FaultProxy = { base: '', faults, requests: 0, searches: 0, close: async () => undefined };

  const answer = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    proxy.requests++;
    if (faults.hang) {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (faults.failEvery > 0 && proxy.requests % faults.failEvery === 0) {
      if (proxy.requests % 2 === 0) return res.destroy();
      res.writeHead(500, { 'Content-Type': 'application/json' });
      return res.end('{"code":13,"message":"node overloaded","details":[]}');
    }
    const path = (req.url ?? '/').split('?')[0];
    if (faults.emptyBatches && req.method === 'POST' && body.subarray(0, 1).toString() === '[') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end('[]');
    }
    if (faults.hugeBatches && req.method === 'POST' && body.subarray(0, 1).toString() === '[') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return flood(res, HUGE_BATCH_BYTES);
    }
    if (PROPOSAL_PATH.test(path) && (faults.stubProposals || faults.hideProposals)) {
      const height = req.headers['x-cosmos-block-height'];
      res.writeHead(faults.stubProposals ? 200 : 500, {
        'Content-Type': 'application/json',
        ...(typeof height === 'string' ? { 'x-cosmos-block-height': height } : {}),
      });
      return res.end(
        faults.stubProposals ? '{}' : '{"code":2,"message":"not found: proposal: not found","details":[]}',
      );
    }
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-cosmos-block-height']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const lie = faults.hugeIndexTotals && req.method === 'POST' && path.startsWith('/rpc') ? searchesAsked(body) : null;
    proxy.searches += lie?.searches.size ?? 0;
    const sent = lie?.forwarded ?? body;
    const upstream = await fetch(target + (req.url ?? '/'), {
      method: req.method,
      headers,
      body: sent.length > 0 ? new Uint8Array(sent) : undefined,
    });
    let text = await upstream.text();
    if (
      path.startsWith('/rpc') &&
      (faults.forgeBlocks ||
        faults.dipBlocks > 0 ||
        faults.hideTransactions ||
        faults.hideHeights.length > 0 ||
        faults.laterGenesis ||
        faults.timesBackwards ||
        faults.oddTimesEarlierMs > 0 ||
        faults.earliestIsLatest ||
        (lie !== null && lie.searches.size > 0))
    ) {
      const parsed = JSON.parse(text) as RpcItem | RpcItem[];
      const answered = (item: RpcItem): RpcItem => {
        const search = lie?.searches.get(String(item.id));
        return search ? { id: item.id, jsonrpc: '2.0', result: hugeSearchPage(search) } : forge(item, faults);
      };
      text = JSON.stringify(Array.isArray(parsed) ? parsed.map(answered) : answered(parsed));
    }
    if (faults.partialBatches && req.method === 'POST' && text.startsWith('[')) {
      const answers = JSON.parse(text) as unknown[];
      if (answers.length > 1) text = JSON.stringify(answers.slice(0, 1));
    }
    const answered: Record<string, string> = {
      'Content-Type': upstream.headers.get('content-type') ?? 'application/json',
    };
    const height = upstream.headers.get('x-cosmos-block-height');
    if (height !== null) answered['x-cosmos-block-height'] = height;
    res.writeHead(upstream.status, answered);
    if (faults.drip) return drip(res, Buffer.from(text));
    res.end(text);
  };

  /** Sends `total` bytes of one JSON string that never ends, as fast as the reader takes them, until it hangs up. */
  const flood = (res: ServerResponse, total: number) => {
    held.add(res);
    const opening = Buffer.from('[{"jsonrpc":"2.0","id":0,"result":{"padding":"');
    const padding = Buffer.alloc(1 << 20, 'x');
    let sent = 0;
    const more = () => {
      while (sent < total && !res.destroyed) {
        const chunk = sent === 0 ? opening : padding.subarray(0, Math.min(padding.length, total - sent));
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    res.on('close', () => held.delete(res));
    more();
  };

  /** Sends `bytes` one a second, until they are all sent or the reader gives up. */
  const drip = (res: ServerResponse, bytes: Buffer) => {
    held.add(res);
    res.flushHeaders();
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < bytes.length) res.write(bytes.subarray(sent, ++sent));
      else res.end();
    }, 1000);
    res.on('close', () => {
      clearInterval(timer);
      held.delete(res);
    });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      answer(req, res, Buffer.concat(chunks)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
