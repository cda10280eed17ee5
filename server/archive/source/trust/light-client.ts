import type { RootProvenanceJson, TrustRootJson } from '../../../../verify/bundle-format.ts';
import type { ProblemCode } from '../../../../verify/problem-codes.ts';
import type { CommitJson } from '../../../../verify/trust/commit.ts';
import { preverifySignatures } from '../../../../verify/trust/fast-signatures.ts';
import { headerHashOf, type HeaderJson } from '../../../../verify/trust/header.ts';
import {
  checkSignedHeader,
  DEFAULT_TRUSTING_PERIOD_SECONDS,
  failed,
  nanosOfMillis,
  trustOptionsAt,
  verifyAdjacent,
  verifyNonAdjacent,
  type Checked,
  type LightBlockJson,
  type TrustedBlock,
} from '../../../../verify/trust/light-block.ts';
import { VerifierMemory } from '../../../../verify/trust/verifier-memory.ts';
import type { ProofReader } from '../proof-reader.ts';
import { HeaderRefusedError } from './header-refused.ts';
import { pinnedRoot, rootFromGenesis } from './trust-roots.ts';
import type { Witnesses } from './witnesses.ts';

export { HeaderRefusedError };

// A light client where the archive reads a node: every header the archive relies on is signed by
// validators that chain back to a trust root — the genesis validators, or a header the operator
// names (--trust) — or refused. Sequential when the next height is asked for, skipping otherwise,
// bisecting when too much of the trusted set changed for one skip (CometBFT's light/client.go).
// What it verified is kept (a HeaderVault), so a signature is checked once per header.

export interface VerifiedBlock extends TrustedBlock {
  commit: CommitJson;
  /** The verified header it was proven from (null for the trust root). */
  parent: bigint | null;
}

/** Where verified headers are kept between runs (the archive's store). */
export interface HeaderVault {
  /** A verified header at `height`, else one below it (the nearest the vault knows of), or null. */
  atOrBelow(height: bigint): Promise<VerifiedBlock | null>;
  save(block: VerifiedBlock): Promise<void>;
  /** Everything given to `save` is in the store (a proof that names a header is saved after it). */
  saved(): Promise<void>;
}

/**
 * The light client's trusting period and clock: the chain's own period where the archive knows
 * it (two thirds of its unbonding time), and the wall clock — never a header's own time, which a
 * forger writes.
 */
export interface TrustClock {
  trustingPeriodSeconds: bigint;
  /** Nanoseconds since the epoch. */
  now(): bigint;
}

export const WALL_CLOCK: TrustClock = {
  trustingPeriodSeconds: DEFAULT_TRUSTING_PERIOD_SECONDS,
  now: () => nanosOfMillis(Date.now()),
};

/** A height below the trust root: nothing vouches for it, and nothing is wrong with it either. */
export class BeforeTrustRootError extends Error {}

export type TrustSetting = { kind: 'genesis' } | { kind: 'header'; height: bigint; hash: string };

/** Too little of the trusted set signed: a header halfway may be signed by enough of it. */
const isBisectable = (code: ProblemCode) => code === 'too-little-trusted-power';
/** Refusals another trusted header may not meet: the next candidate is tried. */
const tryAnother = (code: ProblemCode) => isBisectable(code) || code === 'trusted-header-expired';

/** Bisection depth: each level halves a skip; 40 levels span any uint64 height. */
const MAX_BISECTIONS = 40;

const lightBlockOfVerified = (verified: VerifiedBlock): LightBlockJson => ({
  signed_header: { header: verified.header, commit: verified.commit },
  validator_set: verified.validators,
});

export class LightClient {
  private latest: VerifiedBlock | null = null;
  /** The header new ones are verified from while it can vouch for them (the root at first). */
  private anchor: VerifiedBlock | null = null;
  private root: TrustRootJson | null = null;
  /** Where the root came from, once it checked. */
  provenance: RootProvenanceJson | null = null;

  constructor(
    private readonly reader: ProofReader,
    private readonly vault: HeaderVault,
    private readonly chainId: string,
    private readonly trust: TrustSetting,
    private readonly clock: TrustClock = WALL_CLOCK,
    private readonly witnesses: Witnesses | null = null,
  ) {}

  /** What this light client remembers while it works: sets hashed, signatures checked. */
  private readonly memory = new VerifierMemory();

  private options() {
    return { ...trustOptionsAt(this.clock.now(), this.clock.trustingPeriodSeconds), memory: this.memory };
  }

  /** The trust root, established on first use (its header is read and checked once). */
  async trustRoot(): Promise<TrustRootJson> {
    if (this.root) return this.root;
    const established =
      this.trust.kind === 'genesis'
        ? await rootFromGenesis(this.chainId, this.reader, this.memory, this.witnesses, (height) =>
            this.lightBlockAt(height),
          )
        : await pinnedRoot(this.trust, (height) => this.lightBlockAt(height));
    await this.keepRoot(established.first);
    this.provenance = established.provenance;
    this.root = established.root;
    return this.established();
  }

  /** The root once a way of establishing it has set it. */
  private established(): TrustRootJson {
    if (!this.root) throw new Error('the trust root was not established');
    return this.root;
  }

  /**
   * A light block from the node, its signatures checked natively first (Node's WebCrypto
   * Ed25519, several times faster than the portable check, which still decides every refusal).
   */
  private async lightBlockAt(height: bigint): Promise<LightBlockJson> {
    const block = await this.reader.lightBlock(height);
    await preverifySignatures(this.chainId, [block], this.memory);
    return block;
  }

  private async keepRoot(block: LightBlockJson): Promise<void> {
    const checked = checkSignedHeader(this.chainId, block, this.memory);
    if (failed(checked)) throw new HeaderRefusedError(`the trust root: ${checked.problem}`, checked.code);
    const root: VerifiedBlock = { ...checked, commit: block.signed_header.commit, parent: null };
    await this.witnesses?.crossCheck(block, checked.hash);
    const kept = await this.vault.atOrBelow(BigInt(checked.header.height));
    if (!kept || kept.hash !== root.hash) await this.vault.save(root);
    this.latest ??= root;
    this.anchor ??= root;
  }

  /** Verifications under way: one asked for twice at once (the backfill and the prover) is done once. */
  private readonly verifying = new Map<bigint, Promise<VerifiedBlock>>();

  /** The header at `height`, verified (read from the vault when it already was). */
  async verify(height: bigint): Promise<VerifiedBlock> {
    const under = this.verifying.get(height);
    if (under) return under;
    const verifying = this.verifyOnce(height);
    this.verifying.set(height, verifying);
    try {
      return await verifying;
    } finally {
      this.verifying.delete(height);
    }
  }

  private async verifyOnce(height: bigint): Promise<VerifiedBlock> {
    if (height < 1n)
      throw new BeforeTrustRootError(`there is no header ${height}: a chain's first block is at height 1 or above`);
    await this.trustRoot();
    if (this.latest && BigInt(this.latest.header.height) === height) return this.latest;
    const below = await this.vault.atOrBelow(height);
    if (below && BigInt(below.header.height) === height) return below;
    const block = await this.lightBlockAt(height);
    // From the anchor first: proofs then hang off few headers, and a bundle carries few of them.
    const candidates = [this.anchor, below, this.latest].filter(
      (candidate, index, all): candidate is VerifiedBlock =>
        candidate !== null && BigInt(candidate.header.height) < height && all.indexOf(candidate) === index,
    );
    if (candidates.length === 0)
      throw new BeforeTrustRootError(`header ${height} is before the trust root: nothing vouches for it`);
    let verified: VerifiedBlock | null = null;
    let lastRefusal: { problem: string; code: ProblemCode } | null = null;
    const bisectable: VerifiedBlock[] = [];
    for (const candidate of candidates) {
      const checked = this.step(candidate, block);
      if (!failed(checked)) {
        verified = checked;
        // The anchor can vouch no more: the next headers hang off this one.
        if (candidate !== this.anchor) this.anchor = verified;
        break;
      }
      if (!tryAnother(checked.code)) throw new HeaderRefusedError(checked.problem, checked.code);
      if (isBisectable(checked.code)) bisectable.push(candidate);
      lastRefusal = checked;
    }
    if (!verified) {
      // Every trusted header it could hang off has expired: nothing vouches for it any more.
      if (bisectable.length === 0)
        throw new HeaderRefusedError(lastRefusal?.problem ?? `nothing vouches for ${height}`, lastRefusal?.code);
      const nearest = bisectable.reduce((best, candidate) =>
        BigInt(candidate.header.height) > BigInt(best.header.height) ? candidate : best,
      );
      verified = await this.bisect(nearest, height, 0);
      this.anchor = verified;
    }
    await this.witnesses?.crossCheck(lightBlockOfVerified(verified), verified.hash);
    await this.vault.save(verified);
    if (!this.latest || height > BigInt(this.latest.header.height)) this.latest = verified;
    return verified;
  }

  private step(trusted: VerifiedBlock, block: LightBlockJson): Checked<VerifiedBlock> {
    const trustedHeight = BigInt(trusted.header.height);
    const height = BigInt(block.signed_header.header.height);
    const checked =
      height === trustedHeight + 1n
        ? verifyAdjacent(trusted, block, this.options())
        : verifyNonAdjacent(trusted, block, this.options());
    if (failed(checked)) return checked;
    return {
      header: checked.header,
      hash: checked.hash,
      validators: checked.validators,
      commit: block.signed_header.commit,
      parent: trustedHeight,
    };
  }

  /** Too much of the trusted set changed for one skip: prove a header halfway first. */
  private async bisect(trusted: VerifiedBlock, height: bigint, depth: number): Promise<VerifiedBlock> {
    const checked = this.step(trusted, await this.lightBlockAt(height));
    if (!failed(checked)) return checked;
    const trustedHeight = BigInt(trusted.header.height);
    if (!isBisectable(checked.code) || depth >= MAX_BISECTIONS || height - trustedHeight < 2n) {
      throw new HeaderRefusedError(checked.problem, checked.code);
    }
    const halfway = await this.bisect(trusted, trustedHeight + (height - trustedHeight) / 2n, depth + 1);
    await this.witnesses?.crossCheck(lightBlockOfVerified(halfway), halfway.hash);
    await this.vault.save(halfway);
    return this.bisect(halfway, height, depth + 1);
  }

  /** Every header verified so far is kept in the store: proofs that name them may be saved. */
  saved(): Promise<void> {
    return this.vault.saved();
  }

  /** Header `height`, proven by the hash link from the verified header above it. */
  async linkedHeader(height: bigint): Promise<HeaderJson> {
    const above = await this.verify(height + 1n);
    const header = await this.reader.header(height);
    const hashed = headerHashOf(header);
    if (failed(hashed) || hashed.hash !== above.header.last_block_id.hash.toUpperCase()) {
      throw new HeaderRefusedError(`header ${height} is not the one header ${height + 1n} names`, 'not-linked');
    }
    return header;
  }
}
