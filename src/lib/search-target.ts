import { checkAddress } from './address.ts';
import { parseId } from './ids.ts';

export type SearchTarget =
  | { kind: 'go'; to: string }
  | { kind: 'choose'; options: { label: string; to: string }[] }
  | { kind: 'error'; message: string };

/**
 * Where the overview's search box should go, decided without any request: "group 5" / "g5",
 * "proposal 5" / "p5" / "#5", a bare number (ask which), or an address (32 bytes: a policy).
 */
export function searchTarget(input: string): SearchTarget {
  const s = input.trim();
  if (s === '') return { kind: 'error', message: 'Type a group id, a proposal id or an address.' };
  const g = /^(?:g|group)\s*#?\s*(\S+)$/i.exec(s);
  if (g) {
    const id = parseId(g[1]);
    return id
      ? { kind: 'go', to: `/groups/${id}` }
      : { kind: 'error', message: `"${g[1]}" is not a group id (a whole number).` };
  }
  const p = /^(?:p|proposal|#)\s*#?\s*(\S+)$/i.exec(s);
  if (p) {
    const id = parseId(p[1]);
    return id
      ? { kind: 'go', to: `/proposals/${id}` }
      : { kind: 'error', message: `"${p[1]}" is not a proposal id (a whole number).` };
  }
  if (/^\d+$/.test(s)) {
    const id = parseId(s);
    if (!id) return { kind: 'error', message: 'That number is too large to be an id.' };
    return {
      kind: 'choose',
      options: [
        { label: `Group ${id}`, to: `/groups/${id}` },
        { label: `Proposal ${id}`, to: `/proposals/${id}` },
      ],
    };
  }
  const a = checkAddress(s);
  if (a.ok) return { kind: 'go', to: a.bytes === 32 ? `/policies/${a.address}` : `/voters/${a.address}` };
  return { kind: 'error', message: a.reason };
}
