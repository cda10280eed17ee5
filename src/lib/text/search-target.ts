import { checkAddress } from '../chain/address.ts';
import { parseId } from '../chain/ids.ts';

export type SearchTarget =
  | { kind: 'go'; to: string }
  | { kind: 'choose'; options: { label: string; to: string }[] }
  | { kind: 'error'; message: string };

/**
 * Where the overview's search box should go, decided without any request: "group 5" / "g5",
 * "proposal 5" / "p5" / "#5", a bare number (ask which), or an address (32 bytes: a policy).
 */
export function searchTarget(input: string): SearchTarget {
  const text = input.trim();
  if (text === '') return { kind: 'error', message: 'Type a group id, a proposal id or an address.' };
  const group = /^(?:g|group)\s*#?\s*(\S+)$/i.exec(text);
  if (group) {
    const id = parseId(group[1]);
    return id
      ? { kind: 'go', to: `/groups/${id}` }
      : { kind: 'error', message: `"${group[1]}" is not a group id (a whole number).` };
  }
  const proposal = /^(?:p|proposal|#)\s*#?\s*(\S+)$/i.exec(text);
  if (proposal) {
    const id = parseId(proposal[1]);
    return id
      ? { kind: 'go', to: `/proposals/${id}` }
      : { kind: 'error', message: `"${proposal[1]}" is not a proposal id (a whole number).` };
  }
  if (/^\d+$/.test(text)) {
    const id = parseId(text);
    if (!id) return { kind: 'error', message: 'That number is too large to be an id.' };
    return {
      kind: 'choose',
      options: [
        { label: `Group #${id}`, to: `/groups/${id}` },
        { label: `Proposal ${id}`, to: `/proposals/${id}` },
      ],
    };
  }
  const address = checkAddress(text);
  if (address.ok)
    return { kind: 'go', to: address.bytes === 32 ? `/policies/${address.address}` : `/voters/${address.address}` };
  return { kind: 'error', message: address.reason };
}
