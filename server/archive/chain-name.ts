// How an archive names the chain it follows where its words leave Polity (webhook payloads,
// feeds): a reader who receives events or feeds of several chains must tell them apart by more
// than a chain id they may not recognise (`regen-1` is Regen, `polity-local` the embedded chain).

/** The local embedded chain's name: the one its archive's log lines use (`archive local: …`). */
export const LOCAL_CHAIN = 'local';

export interface ArchiveChainName {
  /** What this Polity serves the chain as: its registry name (--chain), its upstream name (--upstream), or `local`. */
  name: string;
  /** The chain registry's display name (`Regen`) for a chain served by --chain; null where no registry names it. */
  prettyName: string | null;
}

/** The payloads' `chain` object: the names above beside the chain id the node reports. */
export interface ChainJson {
  name: string;
  pretty_name: string | null;
  chain_id: string;
}

export const chainJson = (chain: ArchiveChainName, chainId: string): ChainJson => ({
  name: chain.name,
  pretty_name: chain.prettyName,
  chain_id: chainId,
});

/**
 * The chain as a person reads it: `Regen (regen-1)`, `hub (cosmoshub-4)`, `local (polity-local)`;
 * the id alone is not repeated when the name is the id, and a chain whose id is not known yet is
 * named without one.
 */
export function chainLabel(chain: ArchiveChainName, chainId: string): string {
  const shown = chain.prettyName ?? chain.name;
  if (chainId === '' || chainId === shown) return shown;
  return `${shown} (${chainId})`;
}
