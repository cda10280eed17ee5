import type { ServedChainJson } from './served-chain-json.ts';

// The chains one Polity serves, as the dashboard's Chain picker and its overview of all chains
// list them: by name, with what the dashboard needs to read each (its path on this server, its
// address prefix, whether an archive keeps its history) and nothing about where its node is.

export interface ChainListing {
  /** "local" for the embedded chain, else the --upstream or --chain name. */
  name: string;
  /** Where the dashboard reads it: '' for this server's own chain, else /upstream/NAME. */
  path: string;
  pretty_name: string;
  /** null where neither the registry nor the node (an --upstream not answering yet) said it: the dashboard asks the node. */
  chain_id: string | null;
  bech32_prefix: string | null;
  /** Transaction pages of the chain's explorers: `${txHash}` stands for the hash. */
  explorers: { kind: string; tx_page: string }[];
  /** An archive keeps its history here (under PATH/polity/archive/v1/). */
  archive: boolean;
}

/** The embedded chain's name wherever chains are named (this listing, the archive's log lines, webhooks, feeds). */
export const LOCAL_CHAIN_NAME = 'local';
/** The embedded chain's display name, as the registry's pretty names are for the chains it lists. */
export const LOCAL_CHAIN_PRETTY_NAME = 'Embedded';

/** The embedded chain's own listing: the SDK's default prefix, no explorer knows it. */
export const localListing = (chainId: string, archive: boolean): ChainListing => ({
  name: LOCAL_CHAIN_NAME,
  path: '',
  pretty_name: LOCAL_CHAIN_PRETTY_NAME,
  chain_id: chainId,
  bech32_prefix: 'cosmos',
  explorers: [],
  archive,
});

/**
 * A proxied chain: what the registry says of it (--chain), or its name and what its node said of
 * itself so far (--upstream).
 */
export function upstreamListing(
  name: string,
  path: string,
  archive: boolean,
  chain?: ServedChainJson,
  said?: { chain_id: string | null; bech32_prefix: string | null },
): ChainListing {
  return {
    name,
    path,
    pretty_name: chain?.pretty_name ?? name,
    chain_id: chain?.chain_id ?? said?.chain_id ?? null,
    bech32_prefix: chain?.bech32_prefix ?? said?.bech32_prefix ?? null,
    explorers: chain?.explorers ?? [],
    archive,
  };
}
