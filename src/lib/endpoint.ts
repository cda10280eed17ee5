// Which REST endpoint the dashboard reads. '' means the server that served the page. The
// choice lives in the URL (?api=…) so a shared link opens the same chain, and in localStorage
// so it survives a visit without the parameter.

const STORAGE_KEY = 'polity.api';
export const SAME_ORIGIN = '';

export function validateEndpoint(input: string): { ok: true; value: string } | { ok: false; reason: string } {
  const trimmed = input.trim().replace(/\/+$/, '');
  if (trimmed === '') return { ok: true, value: SAME_ORIGIN };
  // `//host` and `\\host` are other origins in a browser's eyes ("protocol-relative"), not paths here.
  if (/^[/\\]{2}/.test(trimmed))
    return { ok: false, reason: 'An address starting with // names another server: write https://… in full.' };
  if (trimmed.startsWith('/')) {
    return /^\/[\w\-.]+(\/[\w\-.]+)*$/.test(trimmed) && !trimmed.includes('..')
      ? { ok: true, value: trimmed }
      : { ok: false, reason: 'A path on this server must be like /upstream/name.' };
  }
  if (!/^https?:\/\//i.test(trimmed))
    return { ok: false, reason: 'Use an http:// or https:// address, or a path on this server like /upstream/name.' };
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, reason: 'Use an http:// or https:// address.' };
    if (url.username || url.password) return { ok: false, reason: 'Addresses with credentials are not accepted.' };
    return { ok: true, value: url.href.replace(/\/+$/, '') };
  } catch {
    return { ok: false, reason: 'This is not a URL. Example: https://rest.example.org or /upstream/hub' };
  }
}

function stored(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? SAME_ORIGIN;
  } catch {
    return SAME_ORIGIN;
  }
}

/** The endpoint for a URL: its ?api= when valid, else the one kept locally. */
export function endpointFromSearch(search: URLSearchParams): string {
  const fromUrl = search.get('api');
  if (fromUrl !== null) {
    const checked = validateEndpoint(fromUrl);
    if (checked.ok) return checked.value;
  }
  const kept = validateEndpoint(stored());
  return kept.ok ? kept.value : SAME_ORIGIN;
}

/** The endpoint a route loader should warm the cache for. */
export const endpointOfRequest = (request: Request) => endpointFromSearch(new URL(request.url).searchParams);

export function rememberEndpoint(value: string): void {
  try {
    if (value === SAME_ORIGIN) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Private mode: the URL still carries the choice.
  }
}

/** Appends ?api= to an in-app path when a non-default endpoint is in use. */
export function withEndpoint(to: string, endpoint: string): string {
  if (endpoint === SAME_ORIGIN) return to;
  const [path, query = ''] = to.split('?');
  const params = new URLSearchParams(query);
  params.set('api', endpoint);
  return `${path}?${params.toString()}`;
}

export const endpointLabel = (endpoint: string) => (endpoint === SAME_ORIGIN ? 'this server' : endpoint);
