/** A JSON-RPC error as CometBFT's RPC answers it: code, title and data. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    readonly title: string,
    readonly data: string,
  ) {
    super(data);
  }
}

/** Parameters as the URI or JSON-RPC request gave them; each method reads what it declares. */
export type RpcParams = ReadonlyMap<string, string>;
