import { find } from '../store/iavl-tree.ts';
import { proveKey, proveStoreRoot } from '../store/store-proof.ts';
import type { BlockSource } from './block-source.ts';

// A raw store read as abci_query answers it (path /store/<name>/key): the value after block
// `height` (latest when 0), and with `prove` its ICS23 proofs: the key in its store
// (ics23:iavl), the store's root in the app hash (ics23:simple), which the app_hash of header
// height+1 commits to. A failed query is an answer with a code and a log, as the ABCI reports it.

const STORE_PATH = /^\/store\/([a-z]+)\/key$/;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

interface Answer {
  code: number;
  log: string;
  key: Uint8Array;
  value: Uint8Array | null;
  proofOps: { ops: { type: string; key: string; data: string }[] } | null;
  height: bigint;
  codespace: string;
}

const responseJson = (answer: Answer) => ({
  response: {
    code: answer.code,
    log: answer.log,
    info: '',
    index: '0',
    key: answer.key.length > 0 ? base64(answer.key) : null,
    value: answer.value === null ? null : base64(answer.value),
    ...(answer.proofOps ? { proofOps: answer.proofOps } : {}),
    height: String(answer.height),
    codespace: answer.codespace,
  },
});

export interface StoreQuery {
  readonly path: string;
  readonly key: Uint8Array;
  readonly height: bigint;
  readonly prove: boolean;
}

/** The answer to a store query, or null when this node keeps no store trees (abci_query is then unknown). */
export function storeQuery(source: BlockSource, { path, key, height: requested, prove }: StoreQuery) {
  if (!source.storesAt || source.params.blockHashes !== 'signed') return null;
  const latest = source.blocks.latest?.height ?? 0n;
  const failure = (code: number, log: string, height: bigint) =>
    responseJson({ code, log, key, value: null, proofOps: null, height, codespace: 'sdk' });
  const store = STORE_PATH.exec(path)?.[1];
  if (store === undefined) return failure(6, `unknown query path: ${path}: unknown request`, requested);
  if (requested < 0n)
    return failure(18, 'cannot query with height < 0; please provide a valid height: invalid request', requested);
  if (requested > latest) {
    return failure(
      26,
      'cannot query with height in the future; please provide a valid height: invalid height',
      requested,
    );
  }
  const height = requested === 0n ? latest : requested;
  const stores = source.storesAt(height);
  if (!stores) {
    return failure(
      18,
      `failed to load state at height ${height}; version does not exist (latest height: ${latest}): invalid request`,
      height,
    );
  }
  if (!stores.has(store)) return failure(1, `no such store: ${store}: internal`, height);
  const root = stores.get(store) ?? null;
  const keyText = Buffer.from(key).toString('latin1');
  if (!prove || root === null) {
    const found = find(root, keyText);
    return responseJson({
      code: 0,
      log: '',
      key,
      value: found ? found.encode(found.record) : null,
      proofOps: null,
      height,
      codespace: '',
    });
  }
  const proof = proveKey(root, keyText);
  return responseJson({
    code: 0,
    log: '',
    key,
    value: proof.value,
    proofOps: {
      ops: [
        { type: 'ics23:iavl', key: base64(key), data: base64(proof.storeProof) },
        { type: 'ics23:simple', key: base64(Buffer.from(store)), data: base64(proveStoreRoot(stores, store)) },
      ],
    },
    height,
    codespace: '',
  });
}
