import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';

import {
  getArchiveProofStatus,
  getProofBundle,
  type ArchiveProofStatus,
  type ProofSubject,
} from '../api/archive-proofs.ts';
import { isArchiveAbsent } from '../api/archive.ts';
import { isApiError } from '../api/errors.ts';
import { sha256Hex, type ProofFile, type ProofReference } from '../lib/export-notes.ts';
import { archiveStatusQuery } from './shared-queries.ts';

// A page's proof bundle, read once per visit: the panel that checks it, the button that saves it
// and the exports that name it share one request and one set of bytes, so the hash an export
// names is that of the file the reader downloads beside it. A bundle is asked for only once the
// archive's status says it has a trust root: never in vain (503), never from a plain node.

export function proofFileName(subject: ProofSubject): string {
  if (subject.kind === 'proposal') return `proposal-${subject.id}-proof-bundle.json`;
  if (subject.kind === 'vote') return `vote-${subject.proposalId}-${subject.voter}-proof-bundle.json`;
  if (subject.kind === 'upgrades') return 'applied-upgrades-proof-bundle.json';
  if (subject.kind === 'group') return `group-${subject.id}-proof-bundle.json`;
  return `voter-${subject.address}-proof-bundle.json`;
}

function subjectKey(subject: ProofSubject | null): (string | null)[] {
  if (subject === null) return [null];
  if (subject.kind === 'vote') return [subject.kind, subject.proposalId, subject.voter];
  if (subject.kind === 'upgrades') return [subject.kind];
  return [subject.kind, subject.kind === 'voter' ? subject.address : subject.id];
}

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

/** Until the archive has its trust root (a new archive's light client is still checking it). */
const waitsForTrustRoot = (status: ArchiveProofStatus | undefined) =>
  status !== undefined &&
  (status.phase === 'starting' || (status.proofs !== null && !status.proofs.trust_root && !status.proofs.problem));

/** What the archive's status says of its proofs; read again every 10 s while it has no trust root. */
export const proofStatusQuery = (endpoint: string, enabled = true) =>
  queryOptions({
    queryKey: ['api', endpoint, 'archive', 'status', 'proofs'],
    queryFn: enabled ? ({ signal }) => getArchiveProofStatus(endpoint, { signal }) : skipToken,
    refetchInterval: (query) => (waitsForTrustRoot(query.state.data) ? 10_000 : false),
    staleTime: 30_000,
  });

/** Why a page has no bundle to ask for, or that it may ask. */
export type ProofAvailability =
  | { kind: 'checking' }
  | { kind: 'ask' }
  | { kind: 'none'; why: 'no archive' | 'no record' | 'archive failed' | 'proofs off'; problem?: string }
  | { kind: 'not yet' };

function availabilityOf(
  archiveAbsent: boolean,
  archiveFailed: boolean,
  held: boolean | undefined,
  status: ArchiveProofStatus | undefined,
): ProofAvailability {
  if (archiveAbsent) return { kind: 'none', why: 'no archive' };
  if (archiveFailed) return { kind: 'none', why: 'archive failed' };
  if (held === false) return { kind: 'none', why: 'no record' };
  if (held === undefined || status === undefined) return { kind: 'checking' };
  // An archive older than proofs says nothing of them: its answer to the bundle will say the rest.
  if (status.proofs === null) return status.phase === 'starting' ? { kind: 'not yet' } : { kind: 'ask' };
  if (status.proofs.trust_root) return { kind: 'ask' };
  if (status.proofs.problem) return { kind: 'none', why: 'proofs off', problem: status.proofs.problem };
  return { kind: 'not yet' };
}

/**
 * The page's bundle, once the archive can give one. `held` is false when the archive holds no
 * record of the subject (nothing to ask for), undefined while that is not known.
 */
export function useProofBundle(endpoint: string, subject: ProofSubject, held: boolean | undefined) {
  const archive = useQuery(archiveStatusQuery(endpoint));
  const absent = archive.isError && isArchiveAbsent(archive.error);
  const failed = archive.isError && !absent && archive.data === undefined;
  const status = useQuery(proofStatusQuery(endpoint, archive.data !== undefined && held === true));
  const availability = availabilityOf(absent, failed, held, status.data);
  const bundle = useQuery(proofBundleQuery(endpoint, availability.kind === 'ask' ? subject : null));
  return { availability, bundle };
}

/** Why there is no bundle, in words an export's note or a page can say. */
export function whyNoProof(error: unknown): string {
  if (!isApiError(error)) return 'the proof bundle could not be read';
  if (error.kind === 'unsupported') return 'this endpoint has no archive, and only an archive serves proof bundles';
  if (error.kind === 'not-found') return 'the archive holds no record of it';
  if (error.status === 503)
    return 'the archive has not established its trust root yet (the block its checks start from), so it proves nothing yet';
  if (error.kind === 'timeout') return 'the archive did not send the whole bundle in time';
  if (error.kind === 'unreachable') return 'the archive could not be reached';
  return 'the archive failed to send it';
}

/** For an export: the page's bundle (read now if the page has not read it yet), or why there is none. */
export async function proofReference(
  client: QueryClient,
  endpoint: string,
  subject: ProofSubject,
): Promise<ProofReference> {
  // A plain node is not asked: its archive status already said there is none.
  const archive = client.getQueryState(archiveStatusQuery(endpoint).queryKey);
  if (archive?.error && isArchiveAbsent(archive.error)) return { unavailable: whyNoProof(archive.error) };
  try {
    const status = await client.fetchQuery(proofStatusQuery(endpoint));
    if (status.proofs && !status.proofs.trust_root)
      return {
        unavailable: status.proofs.problem
          ? `nothing here is proven: this server has no trust root for this chain (${status.proofs.problem})`
          : 'the archive has not established its trust root yet, so it proves nothing yet',
      };
    return await client.fetchQuery(proofBundleQuery(endpoint, subject));
  } catch (error) {
    return { unavailable: whyNoProof(error) };
  }
}
