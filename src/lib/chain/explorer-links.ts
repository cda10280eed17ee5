import type { ServedChain } from './served-chains.ts';

// Links to a chain's explorers, from what the chain registry says of them. Only https pages with
// the hash's place marked (`${txHash}`) are linked: a link is never built to anything else.

interface Explorer {
  kind?: unknown;
  tx_page?: unknown;
}

/** A transaction's pages on the chain's explorers. */
export function txLinks(chain: ServedChain | null, hash: string): { kind: string; href: string }[] {
  return (chain?.explorers ?? []).flatMap((entry) => {
    const explorer = (typeof entry === 'object' && entry !== null ? entry : {}) as Explorer;
    const page = typeof explorer.tx_page === 'string' ? explorer.tx_page : '';
    if (!page.startsWith('https://') || !page.includes('${txHash}')) return [];
    const kind = typeof explorer.kind === 'string' && explorer.kind ? explorer.kind : 'explorer';
    return [{ kind, href: page.replace('${txHash}', encodeURIComponent(hash)) }];
  });
}
