// Which REST endpoint the dashboard reads. '' means the server that served the page. The
// choice lives in the URL (?api=…) so a shared link opens the same chain, and in localStorage
// so it survives a visit without the parameter.

const STORAGE_KEY = 'polity.api';
export const SAME_ORIGIN = '';

/**
 * Why an address was refused. The words for each live in the Chain dialog, which loads on use:
 * this check runs on every first page (for ?api=), its explanations only where one is typed.
 */
export type EndpointRefusal = 'protocol-relative' | 'bad-path' | 'no-scheme' | 'not-http' | 'credentials' | 'not-url';

export function validateEndpoint(input: string): { ok: true; value: string } | { ok: false; refusal: EndpointRefusal } {
  const trimmed = input.trim().replace(/\/+$/, '');
  if (trimmed === '') return { ok: true, value: SAME_ORIGIN };
  // `//host` and `\\host` are other origins in a browser's eyes ("protocol-relative"), not paths here.
  if (/^[/\\]{2}/.test(trimmed)) return { ok: false, refusal: 'protocol-relative' };
  if (trimmed.startsWith('/')) {
    return /^\/[\w\-.]+(\/[\w\-.]+)*$/.test(trimmed) && !trimmed.includes('..')
      ? { ok: true, value: trimmed }
      : { ok: false, refusal: 'bad-path' };
  }
  if (!/^https?:\/\//i.test(trimmed)) return { ok: false, refusal: 'no-scheme' };
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, refusal: 'not-http' };
    if (url.username || url.password) return { ok: false, refusal: 'credentials' };
    return { ok: true, value: url.href.replace(/\/+$/, '') };
  } catch {
    return { ok: false, refusal: 'not-url' };
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

/**
 * Appends ?api= to an in-app path when a non-default endpoint is in use, or when this server's
 * own chain is read while another is remembered (a link to it from another chain's page).
 */
export function withEndpoint(to: string, endpoint: string): string {
  if (endpoint === SAME_ORIGIN && stored() === SAME_ORIGIN) return to;
  const [path, query = ''] = to.split('?');
  const params = new URLSearchParams(query);
  params.set('api', endpoint);
  return `${path}?${params.toString()}`;
}

export const endpointLabel = (endpoint: string) => (endpoint === SAME_ORIGIN ? 'this server' : endpoint);
