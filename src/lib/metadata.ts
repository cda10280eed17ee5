import { labelText } from './hostile-text.ts';
import { safeLink } from './safe-url.ts';

// x/group leaves metadata free-form; the SDK's docs suggest JSON ({"name", "description"} for
// groups and policies, {"title", "summary", "details", ...} for proposals), and chains also write
// plain text ("core team") or a lone ipfs:// link to such a JSON document.

/** How long a line of plain-text metadata may be and still be taken as a name. */
const PLAIN_NAME_MAX = 100;

const NAME_KEYS = ['name', 'title'] as const;
const DESCRIPTION_KEYS = ['description', 'summary', 'details'] as const;

export type MetadataReading =
  | { kind: 'empty' }
  | { kind: 'link'; href: string }
  | { kind: 'text'; name: string; text: string }
  | {
      kind: 'json';
      name: string;
      description: string;
      /** The fields other than the name and description, as written. */
      rest: [string, unknown][];
    };

function parseObject(value: string): Record<string, unknown> | null {
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

const firstString = (record: Record<string, unknown>, keys: readonly string[]) => {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return { key, value: value.trim() };
  }
  return null;
};

/** A short single line of plain text names its owner ("core team"); a paragraph does not. */
function plainName(text: string): string {
  const line = text.trim();
  // JSON that is not an object ([…], or broken) is data, not a name.
  if (line === '' || line.length > PLAIN_NAME_MAX || /[\r\n]/.test(line) || /^[[{]/.test(line)) return '';
  // "scheme:rest" without spaces is a link or an identifier, not a name.
  if (/^[a-z][a-z0-9+.-]*:\S*$/i.test(line)) return '';
  return line;
}

/** What a metadata string says, read the way the SDK documents its conventions. */
export function readMetadata(value: string): MetadataReading {
  if (value.trim() === '') return { kind: 'empty' };
  const href = safeLink(value);
  if (href) return { kind: 'link', href };
  const record = parseObject(value);
  if (!record) return { kind: 'text', name: plainName(value), text: value };
  const name = firstString(record, NAME_KEYS);
  const description = firstString(record, DESCRIPTION_KEYS);
  const shown = new Set([name?.key, description?.key]);
  return {
    kind: 'json',
    name: name?.value ?? '',
    description: description?.value ?? '',
    rest: Object.entries(record).filter(([key]) => !shown.has(key)),
  };
}

/** A one-line name from metadata (JSON `name`/`title`, or short plain text); else the fallback. */
export function metadataName(value: string, fallback: string, max = 120): string {
  const reading = readMetadata(value);
  const name = reading.kind === 'json' || reading.kind === 'text' ? reading.name : '';
  return name ? labelText(name, max) : fallback;
}
