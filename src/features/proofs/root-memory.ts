// The trust roots this reader's browser has checked bundles from, per chain, kept in localStorage.
// A bundle's root comes from the archive; what makes it worth anything is that it is the same root
// every time — or, when it is not, that the reader is told before relying on it. A stored value
// this code cannot read is reported and left as it is, never rewritten.

export const ROOTS_KEY = 'polity.checked-roots.v1';

/** A root checked from, and when it was first and last checked (RFC 3339). */
export interface RememberedRoot {
  height: string;
  hash: string;
  firstChecked: string;
  lastChecked: string;
}

export type RootMemory = Record<string, RememberedRoot[]>;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Keeps at most this many roots per chain: the newest checked. */
const PER_CHAIN = 8;

function rootProblem(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const root = value as Record<string, unknown>;
  return (
    typeof root.height !== 'string' ||
    !/^\d+$/.test(root.height) ||
    typeof root.hash !== 'string' ||
    !/^[0-9A-F]{64}$/.test(root.hash) ||
    typeof root.firstChecked !== 'string' ||
    typeof root.lastChecked !== 'string'
  );
}

/** The stored memory, an empty one, or why it cannot be read. */
export function readRootMemory(storage: KeyValueStorage | null): { memory: RootMemory } | { damaged: string } | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(ROOTS_KEY);
  } catch {
    return null;
  }
  if (raw === null) return { memory: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { damaged: 'it is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { damaged: 'it is not a list per chain' };
  for (const [chain, roots] of Object.entries(value as Record<string, unknown>))
    if (!Array.isArray(roots) || roots.some(rootProblem)) return { damaged: `the roots of ${chain} are not roots` };
  return { memory: value as RootMemory };
}

export type RootComparison =
  { kind: 'first' } | { kind: 'same'; since: string } | { kind: 'different'; previous: RememberedRoot };

/** How a root compares with those checked before on the same chain. */
export function compareRoot(
  memory: RootMemory,
  chainId: string,
  root: { height: string; hash: string },
): RootComparison {
  const known = memory[chainId] ?? [];
  const same = known.find((entry) => entry.height === root.height && entry.hash === root.hash);
  if (same) return { kind: 'same', since: same.firstChecked };
  const latest = known.reduce<RememberedRoot | null>(
    (newest, entry) => (newest === null || entry.lastChecked > newest.lastChecked ? entry : newest),
    null,
  );
  return latest ? { kind: 'different', previous: latest } : { kind: 'first' };
}

/** The memory with this root checked now (the newest PER_CHAIN kept per chain). */
export function withRoot(
  memory: RootMemory,
  chainId: string,
  root: { height: string; hash: string },
  now: string,
): RootMemory {
  const known = memory[chainId] ?? [];
  const same = known.find((entry) => entry.height === root.height && entry.hash === root.hash);
  const updated = same
    ? known.map((entry) => (entry === same ? { ...entry, lastChecked: now } : entry))
    : [...known, { height: root.height, hash: root.hash, firstChecked: now, lastChecked: now }];
  const kept = [...updated].sort((left, right) => (left.lastChecked < right.lastChecked ? 1 : -1)).slice(0, PER_CHAIN);
  return { ...memory, [chainId]: kept };
}

/** Remembers a checked root; false when the memory is damaged (left as it is) or cannot be written. */
export function rememberRoot(
  storage: KeyValueStorage | null,
  chainId: string,
  root: { height: string; hash: string },
  now: string,
): boolean {
  const read = readRootMemory(storage);
  if (!storage || read === null || 'damaged' in read) return false;
  try {
    storage.setItem(ROOTS_KEY, JSON.stringify(withRoot(read.memory, chainId, root, now)));
    return true;
  } catch {
    return false;
  }
}
