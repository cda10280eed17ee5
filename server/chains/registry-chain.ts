// One chain as Polity reads it from the Cosmos chain registry: only the fields it serves with,
// checked as they are read (the registry is written by many hands; a missing field is said, not
// carried as undefined into the proxy or the archive).

/** An explorer that names a page per transaction: `${txHash}` in the template stands for the hash. */
export interface RegistryExplorer {
  kind: string;
  txPage: string;
}

export interface RegistryChain {
  /** The registry's name for the chain (its folder): the upstream is served under this name. */
  name: string;
  prettyName: string;
  chainId: string;
  bech32Prefix: string;
  restEndpoints: string[];
  rpcEndpoints: string[];
  explorers: RegistryExplorer[];
}

/** Where the registry's data comes from: the bundled package, or a test's stand-ins. */
export interface ChainRegistrySource {
  /** Every chain name the registry lists (for an unknown name's close matches). */
  names(): readonly string[];
  /** The registry's raw record of one chain, or undefined when it lists no such chain. */
  load(name: string): unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(record: Record<string, unknown>, field: string, chain: string): string {
  const value = record[field];
  if (typeof value !== 'string' || value === '')
    throw new Error(`the chain registry's ${chain} has no ${field}: it cannot be served by name`);
  return value;
}

/** The http(s) addresses of one API list; anything else in it (a typo, a grpc host) is left out. */
function endpointList(apis: Record<string, unknown>, kind: 'rest' | 'rpc'): string[] {
  const list = apis[kind];
  if (!Array.isArray(list)) return [];
  const addresses: string[] = [];
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.address !== 'string') continue;
    try {
      const url = new URL(entry.address);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !addresses.includes(url.href))
        addresses.push(url.href);
    } catch {
      // A malformed address is one fewer candidate, not a chain that cannot start.
    }
  }
  return addresses;
}

function explorerList(record: Record<string, unknown>): RegistryExplorer[] {
  const list = record.explorers;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): RegistryExplorer[] =>
    isRecord(entry) && typeof entry.txPage === 'string' && entry.txPage.startsWith('https://')
      ? [{ kind: typeof entry.kind === 'string' ? entry.kind : new URL(entry.txPage).host, txPage: entry.txPage }]
      : [],
  );
}

/** The registry's record of `name` as Polity serves it; throws saying what the record lacks. */
export function readRegistryChain(name: string, data: unknown): RegistryChain {
  if (!isRecord(data)) throw new Error(`the chain registry's ${name} is not a chain record`);
  const apis = isRecord(data.apis) ? data.apis : {};
  const chain: RegistryChain = {
    name,
    prettyName: typeof data.prettyName === 'string' && data.prettyName !== '' ? data.prettyName : name,
    chainId: text(data, 'chainId', name),
    bech32Prefix: text(data, 'bech32Prefix', name),
    restEndpoints: endpointList(apis, 'rest'),
    rpcEndpoints: endpointList(apis, 'rpc'),
    explorers: explorerList(data),
  };
  if (chain.restEndpoints.length === 0)
    throw new Error(`the chain registry lists no REST endpoint for ${name}: use --upstream ${name}=URL`);
  return chain;
}
