import { SAME_ORIGIN } from './endpoint.ts';

// The chains the Polity that served this page serves (its /polity/config.json): the Chain
// picker's names, the name each page shows, each chain's address prefix and explorers. Read by
// hand, not by a schema library: it is on the first page, and a wrong entry is dropped, not fatal.
// The server that served the page wrote it (its own origin), so only the shapes are checked.

export interface ServedChain {
  name: string;
  /** Where the dashboard reads it: '' for the server's own chain, else /upstream/NAME. */
  path: string;
  prettyName: string;
  chainId: string | null;
  prefix: string | null;
  /** The registry's explorers as the server listed them (read where a link is made: explorer-links.ts). */
  explorers: unknown[];
  archive: boolean;
}

const textOr = <T>(value: unknown, otherwise: T): string | T => (typeof value === 'string' ? value : otherwise);

function readChain(entry: unknown): ServedChain | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const fields = entry as Record<string, unknown>;
  const name = textOr(fields.name, null);
  const path = textOr(fields.path, null);
  if (!name || path === null || (path !== SAME_ORIGIN && !/^\/upstream\/[\w-]+$/.test(path))) return null;
  return {
    name,
    path,
    prettyName: textOr(fields.pretty_name, name) || name,
    chainId: textOr(fields.chain_id, null),
    prefix: textOr(fields.bech32_prefix, null) || null,
    explorers: Array.isArray(fields.explorers) ? (fields.explorers as unknown[]) : [],
    archive: fields.archive === true,
  };
}

export function readServedChains(json: unknown): ServedChain[] {
  const list = (json as { chains?: unknown } | null)?.chains;
  if (!Array.isArray(list)) return [];
  return list.map(readChain).filter((chain): chain is ServedChain => chain !== null);
}
