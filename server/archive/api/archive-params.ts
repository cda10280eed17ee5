import { bech32 } from 'bech32';

import { invalidArgument } from '../../lib/grpc-status.ts';
import type { PageParams } from '../store/keyset-page.ts';

// Query parameters of the archive API: validated strictly (a clear 400 for anything malformed),
// paginated like the node (`pagination.key` / `limit` / `count_total`, `next_key` back).

export const MAX_LIMIT = 1000n;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const DEFAULT_LIMIT = 100n;

export class ArchiveQuery {
  constructor(private readonly params: URLSearchParams) {}

  text(name: string): string | null {
    const value = this.params.get(name);
    return value === null || value === '' ? null : value;
  }

  uint64(name: string): string | null {
    const value = this.text(name);
    if (value === null) return null;
    if (!/^\d{1,20}$/.test(value) || BigInt(value) > 18446744073709551615n) {
      throw invalidArgument(`${name} must be a uint64, got ${JSON.stringify(value)}`);
    }
    return BigInt(value).toString();
  }

  bool(name: string): boolean | null {
    const value = this.text(name);
    if (value === null) return null;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw invalidArgument(`${name} must be true or false, got ${JSON.stringify(value)}`);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.text(name);
    if (value === null) return fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidArgument(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
    }
    return value as T;
  }

  /** An RFC 3339 time (`2026-11-01T12:00:00Z`, any fraction of a second, any offset). */
  time(name: string): string | null {
    const value = this.text(name);
    if (value === null) return null;
    if (!RFC3339.test(value) || !Number.isFinite(Date.parse(value)))
      throw invalidArgument(`${name} must be an RFC 3339 time like 2026-11-01T12:00:00Z, got ${JSON.stringify(value)}`);
    return value;
  }

  address(name: string): string | null {
    const value = this.text(name);
    if (value === null) return null;
    if (!isAddress(value)) throw invalidArgument(`${name} is not a bech32 address: ${JSON.stringify(value)}`);
    return value.toLowerCase();
  }

  page(): PageParams {
    const limitText = this.text('pagination.limit');
    let limit = DEFAULT_LIMIT;
    if (limitText !== null) {
      if (!/^\d{1,7}$/.test(limitText))
        throw invalidArgument(`pagination.limit must be a whole number, got ${JSON.stringify(limitText)}`);
      limit = BigInt(limitText) === 0n ? DEFAULT_LIMIT : BigInt(limitText);
      if (limit > MAX_LIMIT) throw invalidArgument(`pagination.limit must be at most ${MAX_LIMIT}`);
    }
    const key = this.text('pagination.key');
    let after: string[] | null = null;
    if (key !== null) {
      try {
        const decoded: unknown = JSON.parse(Buffer.from(key, 'base64').toString('utf8'));
        if (!Array.isArray(decoded) || !decoded.every((part) => typeof part === 'string')) throw new Error('shape');
        after = decoded;
      } catch {
        throw invalidArgument('pagination.key is not a key this archive gave out');
      }
    }
    return { after, limit: Number(limit), countTotal: this.bool('pagination.count_total') ?? false };
  }
}

/** A path segment that must be a uint64 (an id), in its canonical text. */
export function uint64Path(value: string): string {
  if (!/^\d{1,20}$/.test(value) || BigInt(value) > 18446744073709551615n) {
    throw invalidArgument(`type mismatch: ${JSON.stringify(value)} is not a uint64`);
  }
  return BigInt(value).toString();
}

/** A bech32 address whose checksum holds (one character off is a different, wrong address). */
export function isAddress(text: string): boolean {
  if (text.length > 128 || !/^[a-z][a-z0-9]{0,82}1[02-9ac-hj-np-z]{6,}$/.test(text.toLowerCase())) return false;
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  return bech32.decodeUnsafe(text, 128) !== undefined;
}

/** Words of a search as a prefix query: `budg 2027` finds "Community budget 2027". */
export function searchQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 8)
    .map((word) => `${word}:*`)
    .join(' & ');
}
