import type { CompletenessClaimJson } from './records/completeness.ts';
import type { Statement } from './records/facts.ts';
import type { RangeFactJson } from './records/key-range.ts';
import type { ProofOpJson } from './records/store-proof.ts';
import type { MerklePathJson, TxResultJson } from './records/tx-proof.ts';
import type { HeaderJson } from './trust/header.ts';
import type { LightBlockJson } from './trust/light-block.ts';
import type { ValidatorJson } from './trust/validator-set.ts';

// A proof bundle: everything needed to check some of the archive's records against a chain's
// validators, with nothing else — no server, no node, no network. JSON, so an auditor can read
// what it claims before checking it.

/**
 * The format bundles are written in. /2 writes walks by their neighbours (range-neighbours.ts);
 * /1 wrote every step whole, which this verifier still reads. A verifier of /1 alone refuses a /2
 * bundle by its format, rather than failing on a walk it cannot read.
 */
export const BUNDLE_FORMAT = 'polity-proof-bundle/2';
export const BUNDLE_FORMATS = ['polity-proof-bundle/1', BUNDLE_FORMAT] as const;

/** Where trust starts: the chain's genesis validators, or a header the auditor got elsewhere. */
export type TrustRootJson =
  | { kind: 'genesis'; initial_height: string; genesis_time: string; validators: ValidatorJson[] }
  | { kind: 'header'; height: string; hash: string };

/**
 * Where the archive took its trust root from: what a reader compares with a source of their own.
 * Information only: the verifier checks the root itself, and a reader's `--trust` or
 * `--genesis` decides whether it is theirs.
 */
export type RootProvenanceJson =
  | {
      kind: 'genesis';
      /** Where the first validator set was read: listed for CometBFT, the gen_txs, or staking's exported state. */
      set_from: 'genesis validators' | 'gen_txs' | 'staking state';
      /** SHA-256 of the genesis as the node served it in chunks (CometBFT's own encoding), when it did. */
      genesis_sha256: string | null;
    }
  | { kind: 'pin' }
  /** The newest height whose hash every answering node named alike (at least two). */
  | { kind: 'agreement'; nodes: string[] };

/** A transaction: in block `height` (data_hash of header H), succeeded (last_results_hash of H+1). */
export interface TxFactJson {
  kind: 'tx';
  height: string;
  tx: string;
  tx_path: MerklePathJson;
  result: TxResultJson;
  result_path: MerklePathJson;
  /** What the archive says the transaction's message is (compared with the proven bytes). */
  claim: Statement;
}

/** A store record (or its absence) in the state after block `height` (app_hash of header H+1). */
export interface StoreFactJson {
  kind: 'store';
  height: string;
  store: string;
  key: string;
  value: string | null;
  proof_ops: ProofOpJson[];
  claim: Statement;
}

export type FactJson = TxFactJson | StoreFactJson | RangeFactJson;

export type BundleLightBlock = LightBlockJson & { verified_from?: string };

/**
 * A bundle too large for one document (a proposal's or a voter's thousands of votes) comes in
 * pages, each a whole bundle that verifies alone, linked to the pages beside it.
 */
export interface BundlePage {
  /** 1-based. */
  number: number;
  of: number;
  /** What the pages divide ("votes"), and which of them (1-based, inclusive) this page holds. */
  items: string;
  first: number;
  last: number;
  total: number;
  /** The archive API paths of the pages beside this one. */
  previous: string | null;
  next: string | null;
}

export interface ProofBundle {
  format: (typeof BUNDLE_FORMATS)[number];
  chain_id: string;
  bech32_prefix: string;
  subject: { kind: 'vote' | 'proposal' | 'voter' | 'upgrade' | 'group'; id: string; label: string };
  trust_root: TrustRootJson;
  /** Where the archive took its trust root from (bundles before it was recorded carry none). */
  root_provenance?: RootProvenanceJson;
  trusting_period_seconds: string;
  /**
   * Signed headers in ascending height, each verified from an earlier one — the one it names in
   * `verified_from`, else the one before it — adjacent or skipping. The first is the trust root's.
   */
  light_blocks: BundleLightBlock[];
  /** Headers proven by the hash link from a proven header one height above. */
  linked_headers: HeaderJson[];
  facts: FactJson[];
  /** Records the archive holds without proof, and why: part of the bundle's honesty. */
  unproven: { what: string; reason: string }[];
  /** Which page this is, where the subject's records take more than one. */
  page?: BundlePage;
  /**
   * What the archive says this bundle shows complete or reconciled (bundles before it was written
   * carry none). The verifier derives the same from the proven facts and refuses a claim they do not bear out.
   */
  claims?: CompletenessClaimJson[];
}
