import type { ServedChainJson } from '../lib/served-chain-json.ts';
import { EndpointChoice, type ChoiceOptions } from './endpoint-choice.ts';
import type { EndpointKind } from './endpoint-probe.ts';
import { EndpointRelay } from './endpoint-relay.ts';
import type { RegistryChain } from './registry-chain.ts';

/** A registry chain as this server serves it: fixed addresses to read it through, and its status. */
export interface ServedChain {
  chain: RegistryChain;
  /** The relay's address for the chain's REST API: the proxy and the archive read through it. */
  restUrl: string;
  /** The relay's address for its CometBFT RPC; null when the registry lists none (no archive then). */
  rpcUrl: string | null;
  json(): ServedChainJson;
}

export interface ServedChains {
  chains: ServedChain[];
  /** Settles once every chain's first round of asking its endpoints is over (for tests and logs). */
  firstRound: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts serving registry chains: one relay for all, and for each chain the asking of every
 * registry endpoint at once, in the background — nothing waits for them, so dead endpoints
 * cost the server's start nothing; requests made before one answered get a 503 saying so.
 */
export async function serveChains(chains: readonly RegistryChain[], options: ChoiceOptions): Promise<ServedChains> {
  const relay = await EndpointRelay.start();
  const rounds: Promise<void>[] = [];
  const served = chains.map((chain): ServedChain => {
    const choose = (kind: EndpointKind, candidates: string[]) => {
      const choice = new EndpointChoice(
        `chain ${chain.name} ${kind.toUpperCase()}`,
        kind,
        chain.chainId,
        candidates,
        options,
      );
      rounds.push(choice.probe());
      return { choice, url: relay.add(`${chain.name}/${kind}`, choice) };
    };
    const rest = choose('rest', chain.restEndpoints);
    const rpc = chain.rpcEndpoints.length > 0 ? choose('rpc', chain.rpcEndpoints) : null;
    return {
      chain,
      restUrl: rest.url,
      rpcUrl: rpc?.url ?? null,
      json: () => ({
        name: chain.name,
        pretty_name: chain.prettyName,
        chain_id: chain.chainId,
        bech32_prefix: chain.bech32Prefix,
        explorers: chain.explorers.map((explorer) => ({ kind: explorer.kind, tx_page: explorer.txPage })),
        rest: rest.choice.json(),
        rpc: rpc?.choice.json() ?? {
          using: null,
          why_using: null,
          since: null,
          left: [],
          in_reserve: [],
          probed_at: null,
          probing: false,
        },
      }),
    };
  });
  return { chains: served, firstRound: Promise.all(rounds).then(() => undefined), close: () => relay.close() };
}
