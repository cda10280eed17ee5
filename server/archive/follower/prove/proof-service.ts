import type { RootProvenanceJson, TrustRootJson } from '../../../../verify/bundle-format.ts';
import { DEFAULT_TRUSTING_PERIOD_SECONDS, trustingPeriodOfUnbonding } from '../../../../verify/trust/light-block.ts';
import { errorText } from '../../source/error-text.ts';
import { NotServedError, ProofReader } from '../../source/proof-reader.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import { HeaderRefusedError, LightClient, WALL_CLOCK, type TrustSetting } from '../../source/trust/light-client.ts';
import {
  conflictWords,
  WitnessConflictError,
  Witnesses,
  type ConflictEvidence,
  type WitnessNode,
  type WitnessReport,
} from '../../source/trust/witnesses.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { readMetaValue } from '../../store/cursor/cursor-reads.ts';
import { saveTrustRoot } from '../../store/proofs/proof-store.ts';
import { keepWitnessConflict, readWitnessConflicts } from '../../store/proofs/witness-conflicts.ts';
import { archivedBech32Prefix } from '../../store/votes/vote-reads.ts';
import { ChainBreakError } from '../lane/chain-guard.ts';
import type { VouchBy } from '../lane/follower-state.ts';
import { FactEvidence } from './fact-evidence.ts';
import { headerVault } from './header-vault.ts';
import { ProvePipeline } from './prove-pipeline.ts';

// Proofs for one archive: the light client the pipelines ask before they merge a batch, and the
// prover that works right behind them. Proofs are asked for unless the operator said
// `--trust NAME=off`: a trust root that cannot be checked (no commits, no signatures, no genesis
// validators, a root past its trusting period) stops merging, with the reason in the status, and
// is asked again; nothing ever falls back to following unproven by itself. A node whose headers do
// not verify is refused like a forged block.

export interface ProofState {
  /** null: not established yet; false: the node offers no proofs (see problem). */
  available: boolean | null;
  problem: string | null;
  trustRoot: TrustRootJson | null;
  /** Where the root came from: a genesis (and its hash), an operator's pin, or nodes that agreed. */
  provenance: RootProvenanceJson | null;
  /** The light client's trusting period (seconds) and where it comes from. */
  trustingPeriod: { seconds: string; from: 'unbonding time' | 'default' } | null;
}

/** The verifier's clock and, unless the chain says its unbonding time, its trusting period. */
export interface ProofClock {
  now(): bigint;
  /** Used only where the node does not say its unbonding time. */
  fallbackTrustingPeriodSeconds?: bigint;
}

/** How soon an archive whose trust root could not be checked asks again (the node may be mended). */
const RETRY_UNAVAILABLE_MS = 60_000;
const IDLE_MS = 1000;

export class ProofService {
  readonly state: ProofState = {
    available: null,
    problem: null,
    trustRoot: null,
    provenance: null,
    trustingPeriod: null,
  };
  private light: LightClient | null = null;
  private prover: ProvePipeline | null = null;
  private nextAttempt = 0;

  constructor(
    private readonly store: ArchiveStore,
    private readonly rpcUrl: string,
    private readonly trust: TrustSetting,
    private readonly log: (line: string) => void,
    private readonly rest: RestReader | null = null,
    private readonly clock: ProofClock = WALL_CLOCK,
    private readonly witnessNodes: readonly WitnessNode[] = [],
  ) {}

  private witnesses: Witnesses | null = null;

  /** How each witness has answered, for the status. */
  witnessReports(): WitnessReport[] {
    return (
      this.witnesses?.reports() ?? this.witnessNodes.map((node) => ({ ...node, agreed_through: null, problem: null }))
    );
  }

  /**
   * A conflict a witness showed stops everything: merging, proving, the bundles' root. Kept in the
   * store, it stops a restarted archive too, while that witness is still asked.
   */
  private async stopOnKeptConflict(): Promise<void> {
    const kept = await readWitnessConflicts(this.store.db);
    const standing = kept.find((evidence) => this.witnessNodes.some((node) => node.url === evidence.witness.url));
    if (standing) this.haltOn(standing);
  }

  /** Says the conflict in the status (proofs off, with both hashes) and answers the words. */
  private noteConflict(evidence: ConflictEvidence): string {
    this.state.available = false;
    this.state.problem =
      `${conflictWords(evidence)}: nothing is merged or proven while they disagree (both signed headers are kept ` +
      'as evidence: GET proofs/witness-conflicts); look into both nodes, then restart without the witness that lies';
    return this.state.problem;
  }

  private haltOn(evidence: ConflictEvidence): never {
    throw new ChainBreakError(this.noteConflict(evidence));
  }

  /** Two thirds of the chain's unbonding time where its node says it, else CometBFT's default. */
  private async trustingPeriodSeconds(): Promise<bigint> {
    const unbonding = await this.rest?.unbondingSeconds();
    const seconds = unbonding
      ? trustingPeriodOfUnbonding(unbonding)
      : (this.clock.fallbackTrustingPeriodSeconds ?? DEFAULT_TRUSTING_PERIOD_SECONDS);
    this.state.trustingPeriod = { seconds: String(seconds), from: unbonding ? 'unbonding time' : 'default' };
    return seconds;
  }

  /**
   * The light client, once trust is established. Until then — and for as long as the root cannot
   * be checked — a chain break: nothing is merged unproven unless the operator turned proofs off.
   */
  private async ready(): Promise<LightClient> {
    if (this.witnesses?.conflict) this.haltOn(this.witnesses.conflict);
    if (this.light && this.state.available) return this.light;
    if (Date.now() < this.nextAttempt)
      throw new ChainBreakError(this.state.problem ?? 'the trust root is not checked yet');
    const reader = new ProofReader(this.rpcUrl);
    const chainId = (await readMetaValue(this.store.db, 'chain_id')) ?? (await reader.chainId());
    const trustingPeriodSeconds = await this.trustingPeriodSeconds();
    await this.stopOnKeptConflict();
    this.witnesses ??= this.witnessNodes.length
      ? new Witnesses(this.witnessNodes, chainId, this.rpcUrl, (evidence) =>
          keepWitnessConflict(this.store.db, evidence),
        )
      : null;
    const light = new LightClient(
      reader,
      headerVault(this.store.db),
      chainId,
      this.trust,
      { trustingPeriodSeconds, now: () => this.clock.now() },
      this.witnesses,
    );
    let root: TrustRootJson;
    try {
      root = await light.trustRoot();
    } catch (error) {
      if (error instanceof WitnessConflictError && this.witnesses?.conflict) this.haltOn(this.witnesses.conflict);
      // A header the operator named that the node does not serve: this node is another chain.
      if (this.trust.kind === 'header' && error instanceof HeaderRefusedError) {
        throw new ChainBreakError(`the node does not serve the trusted chain: ${error.message}`);
      }
      if (!(error instanceof HeaderRefusedError) && !(error instanceof NotServedError)) throw error;
      this.state.available = false;
      this.state.problem =
        `proofs were asked for and the trust root cannot be checked (${errorText(error)}): nothing is merged ` +
        'until it can; --trust NAME=HEIGHT:HASH names a root, --trust NAME=off follows without proofs';
      this.nextAttempt = Date.now() + RETRY_UNAVAILABLE_MS;
      this.log(`archive: ${this.state.problem}`);
      throw new ChainBreakError(this.state.problem);
    }
    // Saved before the status names it: a page that reads the root there asks for a bundle at once.
    await saveTrustRoot(this.store.db, root, light.provenance);
    this.state.trustRoot = root;
    this.state.provenance = light.provenance;
    this.light = light;
    this.prover = new ProvePipeline(
      this.store.db,
      light,
      new FactEvidence(reader, light, await archivedBech32Prefix(this.store.db)),
    );
    this.state.available = true;
    this.state.problem = null;
    return light;
  }

  /**
   * Before a batch ending at `height` is merged: its last header is signed by validators that
   * chain back to the trust root (the batch's blocks link to it by hash), or — `by` 'next header'
   * — the header of `height + 1` is, and names this one by hash. Throws a chain break, so nothing
   * is merged and the status names the failure. Answers the hash the verified headers give block
   * `height`.
   */
  async vouchFor(height: bigint, by: VouchBy = 'own signatures'): Promise<string> {
    const light = await this.ready();
    try {
      if (by === 'own signatures') return (await light.verify(height)).hash;
      return (await light.verify(height + 1n)).header.last_block_id.hash.toUpperCase();
    } catch (error) {
      if (error instanceof WitnessConflictError && this.witnesses?.conflict) this.haltOn(this.witnesses.conflict);
      if (error instanceof HeaderRefusedError)
        throw new ChainBreakError(`header ${height} is not proven: ${error.message}`);
      throw error;
    }
  }

  /** Headers verified but not saved yet are saved (a follower stopping keeps what it checked). */
  async keepVerified(): Promise<void> {
    await this.light?.saved();
  }

  /** One prover turn up to the archive's cursor; the rest the prover asks for. */
  async proveTurn(
    cursor: bigint,
    going: () => boolean,
    backfilling: boolean,
  ): Promise<{ rest: number; refusal: string | null }> {
    // Without a checked root the archive merges nothing, and there is nothing to prove.
    const light = await this.ready().catch((error: unknown) => {
      if (error instanceof ChainBreakError) return null;
      throw error;
    });
    if (!light || !this.prover) return { rest: IDLE_MS, refusal: null };
    let turn;
    try {
      turn = await this.prover.turn(cursor, going, backfilling);
    } catch (error) {
      // A witness that disagrees on a header a fact rests on: the status says so, nothing more is proven.
      if (!(error instanceof WitnessConflictError)) throw error;
      const words = this.witnesses?.conflict ? this.noteConflict(this.witnesses.conflict) : error.message;
      return { rest: IDLE_MS, refusal: words };
    }
    return { rest: turn.proven === 0 ? IDLE_MS : 0, refusal: turn.refusal };
  }
}
