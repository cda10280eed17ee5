import { LOCAL_CHAIN_NAME, LOCAL_CHAIN_PRETTY_NAME } from '../lib/chain-listing.ts';

// How an archive names the chain it follows where its words leave Polity (webhook payloads,
// feeds): a reader who receives events or feeds of several chains must tell them apart by more
// than a chain id they may not recognise (`regen-1` is Regen, `polity-local` the embedded chain).
// The names are those /polity/config.json lists the chains by (server/lib/chain-listing.ts).

export interface ArchiveChainName {
  /** What this Polity serves the chain as: its registry name (--chain), its upstream name (--upstream), or `local`. */
  name: string;
  /** Its display name: the registry's (`Regen`) for --chain, `Embedded` for the local chain, else the name. */
  prettyName: string;
}

/** The names of the chain an archive follows: `name` is the archive's (`local` or the upstream's). */
export function archiveChainName(name: string, registry?: { pretty_name: string }): ArchiveChainName {
  if (registry) return { name, prettyName: registry.pretty_name };
  return { name, prettyName: name === LOCAL_CHAIN_NAME ? LOCAL_CHAIN_PRETTY_NAME : name };
}

/** The payloads' `chain` object: the names above beside the chain id the node reports. */
export interface ChainJson {
  name: string;
  pretty_name: string;
  chain_id: string;
}

export const chainJson = (chain: ArchiveChainName, chainId: string): ChainJson => ({
  name: chain.name,
  pretty_name: chain.prettyName,
  chain_id: chainId,
});

/**
 * The chain as a person reads it: `Regen (regen-1)`, `hub (cosmoshub-4)`, `Embedded (polity-local)`;
 * the id is not repeated when it is the display name, and a chain whose id is not known yet is
 * named without one.
 */
export function chainLabel(chain: ArchiveChainName, chainId: string): string {
  if (chainId === '' || chainId === chain.prettyName) return chain.prettyName;
  return `${chain.prettyName} (${chainId})`;
}
