import { createHash } from 'node:crypto';

import { encodeAccAddress } from '../../lib/bech32-sdk.ts';

/** authtypes.NewModuleAddress: the first 20 bytes of SHA-256 of the module's name. */
export const moduleAddressBytes = (name: string) => createHash('sha256').update(name).digest().subarray(0, 20);

/**
 * x/gov's module account: it holds proposal deposits and is the only authority the SDK's
 * modules accept for their parameter and upgrade messages (simapp wires x/upgrade to it).
 */
export const GOV_MODULE_ADDRESS = encodeAccAddress(moduleAddressBytes('gov'));
