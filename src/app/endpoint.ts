import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

// Which REST endpoint the dashboard reads. '' means the server that served the page. The
// choice lives in the URL (?api=…) so a shared link opens the same chain, and in localStorage
// so it survives a visit without the parameter.

const STORAGE_KEY = 'polity.api';
export const SAME_ORIGIN = '';

export function validateEndpoint(input: string): { ok: true; value: string } | { ok: false; reason: string } {
  const s = input.trim().replace(/\/+$/, '');
  if (s === '') return { ok: true, value: SAME_ORIGIN };
  if (s.startsWith('/')) {
    return /^\/[\w\-./]*$/.test(s) && !s.includes('..')
      ? { ok: true, value: s }
      : { ok: false, reason: 'A path on this server must be like /upstream/name.' };
  }
  try {
    const u = new URL(s);
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      return { ok: false, reason: 'Use an http:// or https:// address.' };
    if (u.username || u.password) return { ok: false, reason: 'Addresses with credentials are not accepted.' };
    return { ok: true, value: u.href.replace(/\/+$/, '') };
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
    const v = validateEndpoint(fromUrl);
    if (v.ok) return v.value;
  }
  const s = validateEndpoint(stored());
  return s.ok ? s.value : SAME_ORIGIN;
}

export function rememberEndpoint(value: string): void {
  try {
    if (value === SAME_ORIGIN) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Private mode: the URL still carries the choice.
  }
}

export function useEndpoint(): string {
  const [search] = useSearchParams();
  return endpointFromSearch(search);
}

/** Appends ?api= to an in-app path when a non-default endpoint is in use. */
export function withEndpoint(to: string, endpoint: string): string {
  if (endpoint === SAME_ORIGIN) return to;
  const [path, query = ''] = to.split('?');
  const q = new URLSearchParams(query);
  q.set('api', endpoint);
  return `${path}?${q.toString()}`;
}

export function useSetEndpoint(): (value: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (value: string) => {
      rememberEndpoint(value);
      const q = new URLSearchParams(location.search);
      if (value === SAME_ORIGIN) q.delete('api');
      else q.set('api', value);
      const qs = q.toString();
      navigate(`${location.pathname}${qs ? `?${qs}` : ''}`);
    },
    [navigate, location.pathname, location.search],
  );
}

export function useEndpointLabel(endpoint: string): string {
  return useMemo(() => (endpoint === SAME_ORIGIN ? 'this server' : endpoint), [endpoint]);
}
