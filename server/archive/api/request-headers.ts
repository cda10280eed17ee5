// What the archive's answers read of a request's headers, as the server hands them over.

export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

export const header = (headers: RequestHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags, compared weakly as a GET does. */
export function matchesIfNoneMatch(headers: RequestHeaders, etag: string): boolean {
  const ifNoneMatch = header(headers, 'if-none-match');
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
