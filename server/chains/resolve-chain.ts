import { closeNames } from './close-names.ts';
import { readRegistryChain, type ChainRegistrySource, type RegistryChain } from './registry-chain.ts';

/** `--chain NAME`: the registry's chain of that name, or a start-up error naming the close ones. */
export function resolveChain(name: string, registry: ChainRegistrySource): RegistryChain {
  const data = registry.load(name);
  if (data === undefined) {
    const close = closeNames(name, registry.names());
    const hint = close.length > 0 ? `; did you mean ${close.join(', ')}?` : '';
    throw new Error(
      `--chain ${name}: the chain registry lists no such chain${hint} ` +
        `(a chain it does not list: --upstream NAME=REST_URL --upstream-rpc NAME=RPC_URL)`,
    );
  }
  return readRegistryChain(name, data);
}
