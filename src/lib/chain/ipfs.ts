// ipfs:// links open only through a gateway the user chose: Polity never picks one for them, so
// no third party learns what they read unless they asked for it.

const STORAGE_KEY = 'polity.ipfs-gateway.v1';

/** An https gateway base such as "https://ipfs.example/": its origin and path, or a reason. */
export function checkGateway(input: string): { ok: true; value: string } | { ok: false; reason: string } {
  const text = input.trim();
  if (text === '') return { ok: true, value: '' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'Not a URL. Write it as https://gateway.example/' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname)))
    return { ok: false, reason: 'A gateway must be https (or http on this machine).' };
  if (url.search || url.hash || url.username || url.password)
    return { ok: false, reason: 'A gateway is a base address, without query, fragment or credentials.' };
  return { ok: true, value: url.origin + url.pathname.replace(/\/+$/, '') };
}

/** A CID is base58 or base32 text; a path inside it, plain names (no dot-only or empty segment). */
const CID = /^[A-Za-z0-9]{1,256}$/;
const SEGMENT = /^(?!\.+$)[A-Za-z0-9._~-]{1,255}$/;

/**
 * The gateway URL for an ipfs://CID[/path] link, or null (no gateway set, not an ipfs link, or a
 * link written to reach beyond its document: "..", "%2e", a query or a fragment). The link is
 * written by anyone, so only plain characters pass and the URL is resolved against the gateway
 * with the URL API, then checked to stay under it.
 */
export function gatewayUrl(href: string, gateway: string): string | null {
  const checked = checkGateway(gateway);
  if (!checked.ok || !checked.value || !href.startsWith('ipfs://')) return null;
  const [cid = '', ...path] = href
    .slice('ipfs://'.length)
    .replace(/^ipfs\//, '')
    .split('/');
  // A trailing slash names the same directory; any other empty segment is refused.
  if (path.at(-1) === '') path.pop();
  if (!CID.test(cid) || !path.every((segment) => SEGMENT.test(segment))) return null;
  const base = new URL(`${checked.value}/`);
  const url = new URL(['ipfs', cid, ...path].join('/'), base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname) || url.search || url.hash) return null;
  return url.href;
}

export function storedGateway(): string {
  try {
    const value = localStorage.getItem(STORAGE_KEY) ?? '';
    const checked = checkGateway(value);
    return checked.ok ? checked.value : '';
  } catch {
    return '';
  }
}

const listeners = new Set<() => void>();

export function storeGateway(value: string) {
  try {
    if (value) localStorage.setItem(STORAGE_KEY, value);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this tab only.
  }
  memory = value;
  for (const listener of listeners) listener();
}

let memory: string | null = null;

export const currentGateway = () => memory ?? (memory = storedGateway());

export function onGatewayChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
