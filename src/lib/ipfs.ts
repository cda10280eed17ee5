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

/** The gateway URL for an ipfs:// link, or null (no gateway set, or not an ipfs link). */
export function gatewayUrl(href: string, gateway: string): string | null {
  if (!gateway || !href.startsWith('ipfs://')) return null;
  const path = href.slice('ipfs://'.length).replace(/^ipfs\//, '');
  if (!/^[A-Za-z0-9]+(\/[^\s?#]*)?$/.test(path)) return null;
  return `${gateway}/ipfs/${path}`;
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
