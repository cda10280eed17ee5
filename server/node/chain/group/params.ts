import { ChainError } from '../chain-error.ts';

/** simapp's x/group configuration: 14 days to execute after voting ends, 255-byte metadata. */
export const MAX_EXECUTION_PERIOD_S = 1209600;
export const MAX_EXECUTION_MS = MAX_EXECUTION_PERIOD_S * 1000;
export const MAX_METADATA_LEN = 255;

export function checkMetadata(text: string, what: string, limit = MAX_METADATA_LEN): void {
  if (Buffer.byteLength(text, 'utf8') > limit) throw new ChainError(`${what}: limit exceeded`);
}
