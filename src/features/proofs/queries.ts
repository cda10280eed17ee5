import { queryOptions, skipToken } from '@tanstack/react-query';

import type { ProofSubject } from '../../api/archive-proofs.ts';
import { proofBundleQuery } from '../../hooks/proof-bundle.ts';
import { verifyInBrowser } from './run-verifier.ts';
import { chainTrustingPeriodQuery, trustingPeriodOf } from './trusting-period.ts';

// Checking a bundle is work for the browser, not a request: it runs offline too, and the same
// bytes (named by their SHA-256) are checked once however often the panel mounts.

/** The report on the page's bundle with this SHA-256 (its bytes are the bundle query's); null waits. */
export const checkedBundleQuery = (
  endpoint: string,
  subject: ProofSubject,
  sha256: string | null,
  readerDays: number | null,
) =>
  queryOptions({
    queryKey: ['proofs', 'checked', endpoint, subject, sha256, readerDays],
    queryFn:
      sha256 === null
        ? skipToken
        : async ({ client, signal }) => {
            const file = client.getQueryData(proofBundleQuery(endpoint, subject).queryKey);
            if (file?.sha256 !== sha256) throw new Error('the bundle was read again while it was being checked');
            const period = trustingPeriodOf(await client.fetchQuery(chainTrustingPeriodQuery(endpoint)), readerDays);
            return verifyInBrowser(
              { bytes: file.bytes, trustingPeriodSeconds: period.seconds, trustingPeriodFrom: period.from },
              signal,
            );
          },
    staleTime: Infinity,
    retry: false,
    networkMode: 'always',
    refetchOnWindowFocus: false,
  });
