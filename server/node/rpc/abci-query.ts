import type { BlockSource } from '../queries/block-source.ts';
import { storeQuery } from '../queries/store-query.ts';
import { RpcError, type RpcParams } from './rpc-error.ts';

// abci_query's parameters as CometBFT reads them: path, data (hex, 0x optional), height, prove.

function keyParam(params: RpcParams): Uint8Array {
  const raw = (params.get('data') ?? '').replace(/^0x/i, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(raw)) {
    throw new RpcError(-32602, 'Invalid params', `error converting http params to arguments: invalid data "${raw}"`);
  }
  return Uint8Array.from(Buffer.from(raw, 'hex'));
}

function heightParam(params: RpcParams): bigint {
  const raw = params.get('height') ?? '';
  if (raw === '') return 0n;
  if (!/^-?\d+$/.test(raw)) {
    throw new RpcError(-32602, 'Invalid params', `error converting http params to arguments: invalid height "${raw}"`);
  }
  return BigInt(raw);
}

export function abciQuery(source: BlockSource, params: RpcParams) {
  const answer = storeQuery(source, {
    path: params.get('path') ?? '',
    key: keyParam(params),
    height: heightParam(params),
    prove: params.get('prove') === 'true',
  });
  if (answer === null) throw new RpcError(-32601, 'Method not found', '');
  return answer;
}
