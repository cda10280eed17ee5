import type { Checked } from '../../../verify/problem-codes.ts';
import type { ProofOpJson } from '../../../verify/records/store-proof.ts';
import type { TxResultJson } from '../../../verify/records/tx-proof.ts';
import { genesisValidatorSet, type GenesisSet } from '../../../verify/trust/genesis-set.ts';
import type { HeaderJson } from '../../../verify/trust/header.ts';
import { failed, type LightBlockJson } from '../../../verify/trust/light-block.ts';
import { validatorSetHashOf, type ValidatorJson } from '../../../verify/trust/validator-set.ts';
import { UntrustedAnswerError } from './block-check.ts';
import { saysHeightNotKept } from './height-not-kept.ts';
import { httpGet } from './http-get.ts';
import { withRetry } from './retry.ts';
import { RpcBatches, type PostedParams, type RpcParams } from './rpc-batches.ts';
import { readGenesisWithHash } from './trust/genesis-document.ts';

/** What a genesis says of the chain's start: its first validator set (or why none), and its hash. */
export interface GenesisRoot {
  chainId: string;
  initialHeight: string;
  genesisTime: string;
  set: Checked<GenesisSet>;
  /** SHA-256 (hex) of the genesis as the node serves it in chunks; null where it serves none. */
  sha256: string | null;
}

// What a light client and a prover read from CometBFT, as the RPC writes it (hex hashes, base64
// bytes, numbers in strings): the verifier hashes exactly these fields, so nothing is decoded and
// re-encoded on the way. Every answer is untrusted until the verifier says otherwise.

const TIMEOUT_MS = 30_000;
/** CometBFT's largest page of /validators. */
const VALIDATORS_PAGE = 100;
/** Validator sets kept by hash: a chain changes its set now and then, and a backfill meets each a while. */
const SETS_KEPT = 16;

/** The node does not serve this (a height it pruned, no such method): an answer, not a fault to retry. */
export class NotServedError extends Error {}

const isNotServed = (error: unknown) => error instanceof NotServedError;

export interface StoreAnswer {
  value: string | null;
  proofOps: ProofOpJson[];
  height: string;
}

export interface BlockTxs {
  header: HeaderJson;
  txs: string[];
}

function lightBlockOf(
  height: bigint,
  commit: { signed_header: LightBlockJson['signed_header'] },
  validators: ValidatorJson[],
): LightBlockJson {
  if (commit.signed_header.header.height !== String(height)) {
    throw new UntrustedAnswerError(
      `/commit answered height ${commit.signed_header.header.height} when asked for ${height}`,
    );
  }
  return { signed_header: commit.signed_header, validator_set: validators };
}

export class ProofReader {
  private readonly batches: RpcBatches;
  /** Validator sets read lately, by their hash. */
  private readonly sets = new Map<string, ValidatorJson[]>();

  constructor(
    private readonly rpc: string,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {
    this.batches = new RpcBatches(rpc, (method, params) => this.call(method, params));
  }

  /** A call that may share a JSON-RPC batch with others asked for at the same moment. */
  private batched<T>(method: string, params: RpcParams, posted?: PostedParams): Promise<T> {
    return this.batches.call(method, params, posted) as Promise<T>;
  }

  private async call<T>(method: string, params: RpcParams): Promise<T> {
    const query = new URLSearchParams(params).toString();
    const url = `${this.rpc.replace(/\/$/, '')}/${method}${query ? `?${query}` : ''}`;
    return withRetry(
      async (remainingMs) => {
        const answer = await httpGet(
          url,
          { accept: 'application/json' },
          Math.max(1, Math.min(this.timeoutMs, remainingMs)),
        );
        let body: { result?: T; error?: { message?: string; data?: string } };
        try {
          body = JSON.parse(answer.text) as typeof body;
        } catch {
          throw new Error(`${method} answered ${answer.status} with something that is not JSON`);
        }
        if (body.error) {
          const words = `${body.error.message ?? ''} ${body.error.data ?? ''}`.trim();
          if (saysHeightNotKept(words) || /not found/i.test(words)) {
            throw new NotServedError(`${method} at ${params.height ?? 'the tip'}: ${words}`);
          }
          throw new Error(`${method}: ${words}`);
        }
        if (body.result === undefined) throw new UntrustedAnswerError(`${method} answered without a result`);
        return body.result;
      },
      isNotServed,
      // One deadline for the read and its retries: a silent node is a fault within it, not six times over.
      { deadline: { ms: this.timeoutMs, what: `${method} at ${params.height ?? 'the tip'}` } },
    );
  }

  /** The chain the node says it serves (`/status`); headers must say the same. */
  async chainId(): Promise<string> {
    const status = await this.call<{ node_info: { network: string } }>('status', {});
    return status.node_info.network;
  }

  /** What the node says of itself (`/status`): its chain, and the heights it keeps. */
  async tip(): Promise<{ chainId: string; latest: bigint; earliest: bigint }> {
    const status = await this.call<{
      node_info: { network: string };
      sync_info: { latest_block_height: string; earliest_block_height: string };
    }>('status', {});
    return {
      chainId: status.node_info.network,
      latest: BigInt(status.sync_info.latest_block_height),
      earliest: BigInt(status.sync_info.earliest_block_height),
    };
  }

  async genesisValidators(): Promise<GenesisRoot> {
    const read = await readGenesisWithHash<{ chain_id: string; initial_height?: string; genesis_time: string }>(
      this.rpc,
      TIMEOUT_MS,
    );
    // No genesis to read: nothing vouches for the chain's first validators (a root must be named).
    if (!read) throw new NotServedError('the node serves no genesis, whole or in chunks');
    const { document, sha256 } = read;
    return {
      chainId: document.chain_id,
      initialHeight: document.initial_height ?? '1',
      genesisTime: document.genesis_time,
      set: genesisValidatorSet(document),
      sha256,
    };
  }

  /**
   * The signed header at `height` and the whole validator set that should have signed it; reads
   * asked for together share one request.
   */
  async lightBlock(height: bigint): Promise<LightBlockJson> {
    const commit = await this.batched<{ signed_header: LightBlockJson['signed_header'] }>('commit', {
      height: String(height),
    });
    // A set signs many blocks in a row: read once, it is named by the hash every header carries.
    const known = this.sets.get(commit.signed_header?.header?.validators_hash?.toUpperCase() ?? '');
    if (known) return lightBlockOf(height, commit, known);
    const page = await this.batched<{ validators: ValidatorJson[]; total: string }>('validators', {
      height: String(height),
      page: '1',
      per_page: String(VALIDATORS_PAGE),
    });
    // A set larger than a page (or an answer that is not a set) is read alone, page by page.
    const whole =
      Array.isArray(page.validators) && page.validators.length > 0 && String(page.validators.length) === page.total;
    const block = whole ? lightBlockOf(height, commit, page.validators) : await this.lightBlockAlone(height);
    this.remember(block.validator_set);
    return block;
  }

  /** A set kept under the hash it has (never under the one a header claims for it). */
  private remember(validators: ValidatorJson[]): void {
    const hashed = validatorSetHashOf(validators);
    if (failed(hashed) || this.sets.has(hashed.hash)) return;
    this.sets.set(hashed.hash, validators);
    if (this.sets.size > SETS_KEPT) this.sets.delete(this.sets.keys().next().value as string);
  }

  private async lightBlockAlone(height: bigint): Promise<LightBlockJson> {
    const commit = await this.call<{ signed_header: LightBlockJson['signed_header'] }>('commit', {
      height: String(height),
    });
    const validators: ValidatorJson[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await this.call<{ validators: ValidatorJson[]; total: string }>('validators', {
        height: String(height),
        page: String(page),
        per_page: String(VALIDATORS_PAGE),
      });
      validators.push(...answer.validators);
      if (validators.length >= Number(answer.total) || answer.validators.length === 0) break;
      if (page > 100) throw new UntrustedAnswerError(`/validators at ${height} pages without end`);
    }
    return lightBlockOf(height, commit, validators);
  }

  async header(height: bigint): Promise<HeaderJson> {
    const { header } = await this.batched<{ header: HeaderJson }>('header', { height: String(height) });
    return header;
  }

  /** Headers from `min` to `max` (at most 20: CometBFT's `/blockchain`), in any order; untrusted until linked. */
  async headersBetween(min: bigint, max: bigint): Promise<HeaderJson[]> {
    const answer = await this.call<{ block_metas?: { header?: HeaderJson }[] }>('blockchain', {
      minHeight: String(min),
      maxHeight: String(max),
    });
    return (answer.block_metas ?? []).flatMap((meta) => (meta.header ? [meta.header] : []));
  }

  async blockTxs(height: bigint): Promise<BlockTxs> {
    const { block } = await this.batched<{ block: { header: HeaderJson; data: { txs: string[] | null } } }>('block', {
      height: String(height),
    });
    return { header: block.header, txs: block.data.txs ?? [] };
  }

  /** The deterministic fields of each transaction's result (what last_results_hash commits to). */
  async results(height: bigint): Promise<TxResultJson[]> {
    const answer = await this.batched<{ txs_results: TxResultJson[] | null }>('block_results', {
      height: String(height),
    });
    return (answer.txs_results ?? []).map((result) => ({
      code: result.code,
      data: result.data,
      gas_wanted: result.gas_wanted,
      gas_used: result.gas_used,
    }));
  }

  /** A store key with its ICS23 proofs, in the state after block `height`. */
  async storeKey(store: string, keyHex: string, height: bigint): Promise<StoreAnswer> {
    // An SDK node proves no state at height 1 or below ("cannot query with proof when height <= 1"),
    // and reads 0 as "latest": such a state is proven at a later height instead.
    if (height <= 1n) throw new NotServedError(`a node proves no state at height ${height} (1 or below)`);
    const { response } = await this.batched<{
      response: {
        code: number;
        log: string;
        value: string | null;
        height: string;
        proofOps?: { ops: ProofOpJson[] } | null;
      };
    }>(
      'abci_query',
      { path: `"/store/${store}/key"`, data: `0x${keyHex}`, height: String(height), prove: 'true' },
      // Over POST, CometBFT decodes typed JSON: the path unquoted, the key as plain hex, prove a boolean.
      { path: `/store/${store}/key`, data: keyHex.toUpperCase(), height: String(height), prove: true },
    );
    if (response.code !== 0) throw new NotServedError(`abci_query at ${height}: ${response.log}`);
    if (!response.proofOps?.ops.length) throw new NotServedError(`abci_query at ${height} answered without a proof`);
    // A proof of another state than asked (a node that took the height for "latest", or answered
    // late) would be held to the wrong header and read as a lie: it is asked again, never judged.
    if (response.height !== String(height))
      throw new NotServedError(`abci_query at ${height} answered for height ${response.height}`);
    return { value: response.value, proofOps: response.proofOps.ops, height: response.height };
  }
}
