import type { QueryClient } from '@tanstack/react-query';

import type { ProofSubject } from '../../api/archive-proofs.ts';
import { proofBundleQuery, proofStatusQuery } from '../../hooks/proof-bundle.ts';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { checkedBundleQuery } from './queries.ts';
import { prepareVerifier } from './run-verifier.ts';
import { readerTrustingPeriodDays } from './trusting-period.ts';

// A page's bundle is the longest wait of its proof panel: the panel asks for it only once its own
// code, the archive's status and the record are in, one after the other. A deep link's loader
// starts that same path at once instead, through the same queries, so the panel finds what it
// asks for in hand, checked or being checked; it asks nothing the panel would not (never a plain
// node's bundle, never one the archive cannot prove yet).

/** `held` settles true once the archive is known to hold a record of the subject. */
export async function prefetchProofBundle(
  queryClient: QueryClient,
  endpoint: string,
  subject: ProofSubject,
  held: Promise<boolean>,
): Promise<void> {
  // Asked side by side: each is a request the page or its panel makes anyway.
  const [archive, isHeld, status] = await Promise.all([
    queryClient.fetchQuery(archiveStatusQuery(endpoint)).catch(() => null),
    held,
    queryClient.fetchQuery(proofStatusQuery(endpoint)).catch(() => null),
  ]);
  if (archive === null || !isHeld || !status?.proofs?.trust_root) return;
  prepareVerifier();
  const file = await queryClient.fetchQuery(proofBundleQuery(endpoint, subject)).catch(() => null);
  // The check too begins as the bytes arrive, under the key the panel reads it by.
  if (file)
    await queryClient.prefetchQuery(
      checkedBundleQuery(endpoint, subject, file.sha256, readerTrustingPeriodDays(endpoint)),
    );
}
