import { safeLink } from '../chain/safe-url.ts';
import { labelText } from './hostile-text.ts';

// x/group leaves metadata free-form; the SDK's docs suggest JSON ({"name", "description"} for
// groups and policies, {"title", "summary", "details", ...} for proposals), and chains also write
// plain text ("core team") or a lone ipfs:// link to such a JSON document.

/** How long a line of plain-text metadata may be and still be taken as a name. */
const PLAIN_NAME_MAX = 100;

export const NAME_KEYS = ['name', 'title'] as const;

export function parseObject(value: string): Record<string, unknown> | null {
  if (!value.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const firstString = (record: Record<string, unknown>, keys: readonly string[]) => {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return { key, value: value.trim() };
  }
  return null;
};

/** A short single line of plain text names its owner ("core team"); a paragraph does not. */
export function plainName(text: string): string {
  const line = text.trim();
  // JSON that is not an object ([…], or broken) is data, not a name.
  if (line === '' || line.length > PLAIN_NAME_MAX || /[\r\n]/.test(line) || /^[[{]/.test(line)) return '';
  // "scheme:rest" without spaces is a link or an identifier, not a name.
  if (/^[a-z][a-z0-9+.-]*:\S*$/i.test(line)) return '';
  return line;
}

/** A one-line name from metadata (JSON `name`/`title`, or short plain text); else the fallback. */
export function metadataName(value: string, fallback: string, max = 120): string {
  if (value.trim() === '' || safeLink(value)) return fallback;
  const record = parseObject(value);
  const name = record ? (firstString(record, NAME_KEYS)?.value ?? '') : plainName(value);
  return name ? labelText(name, max) : fallback;
}

/**
 * Where the name is when the metadata is only a link to a document ("ipfs://…"): said instead of a
 * bare id, so "#38" reads as a group whose name is elsewhere, not one without a name.
 */
export function linkedNameWords(value: string): string {
  const link = safeLink(value);
  if (!link) return '';
  return /^ipfs:/i.test(value.trim()) ? '(named in an IPFS document)' : '(named in a linked document)';
}
