import { invalidArgument } from '../../lib/grpc-status.ts';
import { GoParseError, parseInt64, parseUint64 } from '../lib/go-strconv.ts';

/**
 * How the generated gateway treats a path parameter: integers are parsed by the gateway itself
 * (runtime.Uint64 / Int64, base 0); addresses and names pass through as text for the keeper.
 */
export type ParamKind = 'uint64' | 'int64' | 'address' | 'string';

export function parseIntegerParam(kind: 'uint64' | 'int64', name: string, value: string): bigint {
  try {
    return kind === 'uint64' ? parseUint64(value) : parseInt64(value);
  } catch (error) {
    if (error instanceof GoParseError)
      throw invalidArgument(`type mismatch, parameter: ${name}, error: ${error.message}`);
    throw error;
  }
}
