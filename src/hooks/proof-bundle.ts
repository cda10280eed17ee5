import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';

import { getProofBundle, type ProofSubject } from '../api/archive-proofs.ts';
import { isArchiveAbsent } from '../api/archive.ts';
import { isApiError } from '../api/errors.ts';
import { sha256Hex, type ProofFile, type ProofReference } from '../lib/export-notes.ts';
import { archiveStatusQuery } from './shared-queries.ts';

// A page's proof bundle, read once per visit: the panel that checks it and the exports that name
// it share one request and one set of bytes, so the hash an export names is that of the file the
// reader downloads beside it.

export function proofFileName(subject: ProofSubject): string {
  if (subject.kind === 'proposal') return `proposal-${subject.id}-proof-bundle.json`;
  if (subject.kind === 'vote') return `vote-${subject.proposalId}-${subject.voter}-proof-bundle.json`;
  return `voter-${subject.address}-proof-bundle.json`;
}

const subjectKey = (subject: ProofSubject | null) =>
  subject === null
    ? [null]
    : subject.kind === 'vote'
      ? [subject.kind, subject.proposalId, subject.voter]
      : [subject.kind, subject.kind === 'proposal' ? subject.id : subject.address];

/** The bundle's bytes and SHA-256; a null subject waits. */
export const proofBundleQuery = (endpoint: string, subject: ProofSubject | null) =>
  queryOptions({
    queryKey: ['api', endpoint, 'proofs', 'bundle', ...subjectKey(subject)],
    queryFn:
      subject === null
        ? skipToken
        : async ({ signal }): Promise<ProofFile> => {
            const { bytes, url } = await getProofBundle(endpoint, subject, { signal });
            return { bytes, sha256: await sha256Hex(bytes), fileName: proofFileName(subject), url };
          },
    // A bundle is checked once it arrives, which takes a while for a big one: it is read again
    // only when the reader asks, and a failure is left to the page's slow background healing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Why there is no bundle, in words an export's note or a page can say. */
export function whyNoProof(error: unknown): string {
  if (!isApiError(error)) return 'the proof bundle could not be read';
  if (error.kind === 'unsupported') return 'this endpoint has no archive, and only an archive serves proof bundles';
  if (error.kind === 'not-found') return 'the archive holds no record of it';
  if (error.status === 503)
    return 'the archive has not established its trust root yet (the header its checks start from), so it proves nothing yet';
  if (error.kind === 'timeout') return 'the archive did not send the whole bundle in time';
  if (error.kind === 'unreachable') return 'the archive could not be reached';
  return 'the archive failed to send it';
}

/** For an export: the page's bundle (read now if the page has not yet), or why there is none. */
export async function proofReference(
  client: QueryClient,
  endpoint: string,
  subject: ProofSubject,
): Promise<ProofReference> {
  // A plain node is not asked: its archive status already said there is none.
  const status = client.getQueryState(archiveStatusQuery(endpoint).queryKey);
  if (status?.error && isArchiveAbsent(status.error)) return { unavailable: whyNoProof(status.error) };
  try {
    return await client.fetchQuery(proofBundleQuery(endpoint, subject));
  } catch (error) {
    return { unavailable: whyNoProof(error) };
  }
}
