import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, segment } from './archive.ts';
import { classifyHttpError, TimeoutError, UnreachableError, UnsupportedError } from './errors.ts';

// Proof bundles (`{endpoint}/polity/archive/v1/proofs/…`): documents a browser checks itself. The
// bytes are kept exactly as they arrived, not parsed and written again: their SHA-256 names the
// file a reader downloads, and an export names that hash to tie itself to the file.

export type ProofSubject =
  | { kind: 'proposal'; id: string }
  | { kind: 'vote'; proposalId: string; voter: string }
  | { kind: 'voter'; address: string }
  | { kind: 'upgrades' }
  | { kind: 'group'; id: string };

export function proofBundlePath(subject: ProofSubject): string {
  if (subject.kind === 'proposal') return `${ARCHIVE}/proofs/proposals/${segment(subject.id)}`;
  if (subject.kind === 'vote')
    return `${ARCHIVE}/proofs/votes/${segment(subject.proposalId)}/${segment(subject.voter)}`;
  if (subject.kind === 'upgrades') return `${ARCHIVE}/proofs/upgrades`;
  if (subject.kind === 'group') return `${ARCHIVE}/proofs/groups/${segment(subject.id)}`;
  return `${ARCHIVE}/proofs/voters/${segment(subject.address)}`;
}

/** A bundle holds every header and signature its records rest on: it may take a while to send. */
const BUNDLE_TIMEOUT_MS = 60_000;
const NAME = 'proof bundle';

export interface ProofBundleBytes {
  bytes: Uint8Array<ArrayBuffer>;
  /** Where it came from, as a reader could fetch it again (the endpoint's URL and path). */
  url: string;
}

const isJsonDocument = (bytes: Uint8Array) => {
  // The first byte that is not JSON whitespace opens an object.
  for (const byte of bytes) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === 0x7b;
  }
  return false;
};

/**
 * The archive's proof bundle of `subject`, as bytes. Failures are the API's error kinds: a plain
 * node answers 501 (no archive), an unknown subject 404, an archive without a trust root yet 503.
 */
export async function getProofBundle(
  endpoint: string,
  subject: ProofSubject,
  options: { signal?: AbortSignal } = {},
): Promise<ProofBundleBytes> {
  const url = `${endpoint.replace(/\/+$/, '')}${proofBundlePath(subject)}`;
  const timeout = AbortSignal.timeout(BUNDLE_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let bytes: Uint8Array<ArrayBuffer>;
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (timeout.aborted) throw new TimeoutError(`${NAME}: no whole answer within ${BUNDLE_TIMEOUT_MS / 1000} s`, NAME);
    if (options.signal?.aborted) throw error;
    throw new UnreachableError(`${NAME}: the endpoint could not be reached, or the answer broke off`, NAME);
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      // A server without the archive's routes may answer in HTML: the status alone says what happened.
    }
    const error = classifyHttpError(NAME, response.status, body);
    // A plain HTTP 404 without the archive's gRPC code: the route is not there, not the subject.
    if (response.status === 404 && body === null)
      throw new UnsupportedError(`${NAME}: this endpoint serves no archive`, NAME, 404);
    throw error;
  }
  // A server that answers unknown paths with its web page has no archive either.
  if (!isJsonDocument(bytes))
    throw new UnsupportedError(`${NAME}: the answer is not a JSON document, so this endpoint serves no archive`, NAME);
  return { bytes, url };
}

const proofStatus = v.object({
  phase: v.string(),
  /** Absent from an archive that proves nothing (one older than proofs). */
  proofs: v.optional(
    v.nullable(
      v.object({
        available: v.boolean(),
        /** Why the archive proves nothing (proofs off, a node with nothing to check), or null. */
        problem: v.nullable(v.string()),
        /** Where its checks start; null until its light client has checked it. */
        trust_root: v.nullable(v.object({ kind: v.string(), height: v.string() })),
      }),
    ),
    null,
  ),
});

export type ArchiveProofStatus = v.InferOutput<typeof proofStatus>;

/** What the archive's status says of its proofs: asked before a bundle, so none is asked in vain (503). */
export const getArchiveProofStatus = (endpoint: string, options: { signal?: AbortSignal } = {}) =>
  getArchiveJson(endpoint, `${ARCHIVE}/status`, proofStatus, options).then(({ data }) => data);
