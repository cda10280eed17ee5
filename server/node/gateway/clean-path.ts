import { posix } from 'node:path';

// The node's HTTP router (gorilla/mux) redirects any path that is not in canonical form — double
// slashes, `.` or `..` segments — with a 301 to the cleaned path, keeping a trailing slash.

/** Go's path.Clean, plus the trailing slash mux keeps. */
export function cleanPath(path: string): string {
  if (path === '') return '/';
  const rooted = path.startsWith('/') ? path : `/${path}`;
  return posix.normalize(rooted);
}

/** url.EscapedPath for a path the router built: every byte escaped except what a path allows. */
export function escapePath(path: string): string {
  return encodeURIComponent(path).replace(/%(2F|24|26|2B|2C|3A|3B|3D|40)/gi, (escaped) => decodeURIComponent(escaped));
}

/** The redirect a non-canonical path gets, or null when the path is clean (or not decodable). */
export function canonicalRedirect(rawPath: string, rawQuery: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const cleaned = cleanPath(decoded);
  if (cleaned === decoded) return null;
  return escapePath(cleaned) + (rawQuery ? `?${rawQuery}` : '');
}
