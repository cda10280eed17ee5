import { ARCHIVE_PREFIX } from './archive-http.ts';

/**
 * Where archive requests arrive on the server: `/polity/archive/v1/…` for the local chain's
 * archive, `/upstream/NAME/polity/archive/v1/…` for a proxied chain's.
 */
export function archiveTarget(rawPath: string): { name: string; path: string } | null {
  if (rawPath.startsWith(ARCHIVE_PREFIX)) return { name: '', path: rawPath.slice(ARCHIVE_PREFIX.length) };
  const upstream = /^\/upstream\/([a-z0-9][a-z0-9-]{0,31})(\/polity\/archive\/v1\/.*)$/i.exec(rawPath);
  if (!upstream) return null;
  return { name: upstream[1], path: upstream[2].slice(ARCHIVE_PREFIX.length) };
}
