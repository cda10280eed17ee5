import {
  BUNDLE_FORMAT,
  type BundleLightBlock,
  type FactJson,
  type ProofBundle,
} from '../../../../verify/bundle-format.ts';
import { bytesOfBase64, bytesOfHex } from '../../../../verify/bytes.ts';
import { claimsOf } from '../../../../verify/records/claims.ts';
import { completenessOf } from '../../../../verify/records/completeness.ts';
import { statementOfRecord, type Statement } from '../../../../verify/records/facts.ts';
import { walkStatement } from '../../../../verify/records/key-range.ts';
import { DEFAULT_TRUSTING_PERIOD_SECONDS } from '../../../../verify/trust/light-block.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { type FactProof } from '../../store/proofs/fact-proofs.ts';
import {
  headersAt,
  readRootProvenance,
  readTrustRoot,
  signedHeadersAt,
  type StoredSignedHeader,
} from '../../store/proofs/proof-store.ts';

// A bundle is assembled from what the prover stored: the facts' evidence, the signed headers they
// rest on and every header those were verified from, back to the trust root — so it verifies
// with nothing else. Facts without proof go in as they are, with their reason.

export interface BundleSubject {
  kind: ProofBundle['subject']['kind'];
  id: string;
  label: string;
}

export interface ChainNames {
  chainId: string;
  bech32Prefix: string;
  /** The archive's own trusting period, written into the bundle as information (no verifier uses it). */
  trustingPeriodSeconds?: string;
}

const plus1 = (height: bigint) => height + 1n;

/** The signed headers `needed` rest on, and every ancestor back to the root, ascending. */
async function ancestry(db: ArchiveStore['db'], needed: readonly bigint[]): Promise<StoredSignedHeader[]> {
  const found = new Map<bigint, StoredSignedHeader>();
  let frontier = [...new Set(needed)];
  while (frontier.length > 0) {
    const fetched = await signedHeadersAt(
      db,
      frontier.filter((height) => !found.has(height)),
    );
    for (const header of fetched) found.set(header.height, header);
    frontier = [
      ...new Set(
        fetched
          .map((header) => header.parent)
          .filter((parent): parent is bigint => parent !== null && !found.has(parent)),
      ),
    ];
  }
  return [...found.values()].sort((left, right) => (left.height < right.height ? -1 : 1));
}

function statementOfEvidence(evidence: FactJson, bech32Prefix: string): Statement {
  if (evidence.kind === 'range') return walkStatement(evidence, bech32Prefix);
  if (evidence.kind === 'tx') return evidence.claim;
  const key = bytesOfHex(evidence.key);
  const value = evidence.value === null ? null : bytesOfBase64(evidence.value);
  if (!key || (evidence.value !== null && !value)) return evidence.claim;
  return { ...statementOfRecord(evidence.store, key, value, bech32Prefix), ...evidence.claim };
}

export async function assembleBundle(
  db: ArchiveStore['db'],
  chain: ChainNames,
  subject: BundleSubject,
  facts: readonly FactProof[],
  describe: (fact: FactProof) => string,
): Promise<ProofBundle | null> {
  const root = await readTrustRoot(db);
  if (!root) return null;
  const provenance = await readRootProvenance(db);
  const proven = facts.filter((fact) => fact.verified && fact.evidence !== null);
  const heights = proven.map((fact) => BigInt(fact.evidence!.height));
  const rootHeight = BigInt(root.kind === 'genesis' ? root.initial_height : root.height);
  const signed = await ancestry(db, [rootHeight, ...heights.map(plus1)]);
  const linkedHeights = proven
    .filter((fact) => fact.evidence?.kind === 'tx')
    .map((fact) => BigInt(fact.evidence!.height));
  const linked = await headersAt(
    db,
    [...new Set(linkedHeights)].filter((height) => !signed.some((header) => header.height === height)),
  );
  const lightBlocks = signed.map((header): BundleLightBlock => ({
    signed_header: { header: header.header, commit: header.commit },
    validator_set: header.validators,
    ...(header.parent === null ? {} : { verified_from: String(header.parent) }),
  }));
  return {
    format: BUNDLE_FORMAT,
    chain_id: chain.chainId,
    bech32_prefix: chain.bech32Prefix,
    subject,
    trust_root: root,
    ...(provenance ? { root_provenance: provenance } : {}),
    trusting_period_seconds: chain.trustingPeriodSeconds ?? String(DEFAULT_TRUSTING_PERIOD_SECONDS),
    light_blocks: lightBlocks,
    linked_headers: [...linked.values()].map((entry) => entry.header),
    facts: proven.map((fact) => fact.evidence!),
    unproven: facts
      .filter((fact) => !fact.verified)
      .map((fact) => ({ what: describe(fact), reason: fact.reason ?? 'not proven yet' })),
    // What the archive says the bundle shows complete, from its own statements: the verifier
    // derives the same from the proven bytes, and refuses a bundle that keeps a claim but lost its proof.
    claims: claimsOf(
      completenessOf(
        proven.map(({ evidence }) => ({
          // A claim names its record or set; what it holds (a walk's records, a sequence's last id) is
          // read from the proven bytes themselves, so the bundle claims exactly what it proves.
          statement: statementOfEvidence(evidence!, chain.bech32Prefix),
          height: evidence!.height,
        })),
        subject,
      ),
    ),
  };
}
