import { unreadable, verifyBundleQuickly, type BundleReport } from '../../../verify/bundle-verify.ts';
import type { TrustingPeriodFrom } from '../../../verify/trust/trusting-period.ts';

// The verifier's whole job in the browser, bytes in and a report out: this module (and the
// verifier under it: curves, ICS23, protobuf decoders) loads only inside the worker that runs it.

export interface VerifiedBundle {
  report: BundleReport;
  /** How long reading and checking took, in milliseconds. */
  millis: number;
}

/** What the page hands the worker: the bytes, and the period it checks them with. */
export interface VerifyRequest {
  bytes: Uint8Array;
  trustingPeriodSeconds: number;
  trustingPeriodFrom: TrustingPeriodFrom;
}

export async function verifyBytes({
  bytes,
  trustingPeriodSeconds,
  trustingPeriodFrom,
}: VerifyRequest): Promise<VerifiedBundle> {
  const started = performance.now();
  let input: unknown;
  try {
    input = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { report: unreadable(`the bundle is not a JSON document (${why})`), millis: performance.now() - started };
  }
  const report = await verifyBundleQuickly(input, {
    trustingPeriodSeconds: BigInt(trustingPeriodSeconds),
    trustingPeriodFrom,
  });
  return { report, millis: performance.now() - started };
}
