import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { ChainRegistrySource } from './registry-chain.ts';

// The chain registry as the `chain-registry` package ships it: one CommonJS module per chain
// (mainnet/NAME/chain.js), so a chain is read alone — a few kilobytes — and the whole registry
// (tens of megabytes with every asset list) is never loaded. No network: the data is the package's.

const require = createRequire(import.meta.url);

/** A chain folder's name as the registry spells them: nothing that could climb out of it. */
const CHAIN_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

let mainnetDir: string | undefined;
const mainnet = () => (mainnetDir ??= join(dirname(require.resolve('chain-registry/package.json')), 'mainnet'));

let listed: readonly string[] | undefined;

export const bundledRegistry: ChainRegistrySource = {
  names() {
    listed ??= readdirSync(mainnet(), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && CHAIN_NAME.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    return listed;
  },
  load(name) {
    if (!CHAIN_NAME.test(name) || !this.names().includes(name)) return undefined;
    const module: unknown = require(join(mainnet(), name, 'chain.js'));
    return typeof module === 'object' && module !== null && 'default' in module ? module.default : undefined;
  },
};
