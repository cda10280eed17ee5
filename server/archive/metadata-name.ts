// The name a group or policy goes by, read from its metadata the way the dashboard reads it
// (src/lib/text/metadata.ts; neither imports the other, and both run test-vectors/metadata-names.json):
// a JSON object's `name` (or `title`), or a short single line of plain text ("core team").
// Stored beside the metadata so the archive can search names.

const PLAIN_NAME_MAX = 100;

function jsonName(metadata: string): string | null {
  if (!metadata.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(metadata);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    for (const key of ['name', 'title']) {
      const value: unknown = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    return '';
  } catch {
    return null;
  }
}

export function nameOf(metadata: string): string {
  const fromJson = jsonName(metadata);
  if (fromJson !== null) return fromJson;
  const line = metadata.trim();
  if (line.length > PLAIN_NAME_MAX || /[\r\n]/.test(line) || /^[[{]/.test(line)) return '';
  // "scheme:rest" without spaces is a link (ipfs://…) or an identifier, not a name.
  if (/^[a-z][a-z0-9+.-]*:\S*$/i.test(line)) return '';
  return line;
}
