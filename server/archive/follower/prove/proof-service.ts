import type { TrustRootJson } from '../../../../verify/bundle-format.ts';
import { errorText } from '../../source/error-text.ts';
import { HeaderRefusedError, LightClient, type TrustSetting } from '../../source/light-client.ts';
import { NotServedError, ProofReader } from '../../source/proof-reader.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { readMetaValue } from '../../store/cursor/cursor-reads.ts';
import { archivedBech32Prefix } from '../../store/votes/vote-reads.ts';
import { ChainBreakError } from '../lane/chain-guard.ts';
import type { VouchBy } from '../lane/follower-state.ts';
import { FactEvidence } from './fact-evidence.ts';
import { headerVault } from './header-vault.ts';
import { ProvePipeline } from './prove-pipeline.ts';

// Proofs for one archive: the light client the pipelines ask before they merge a batch, and the
// prover that works right behind them. A node that cannot vouch for anything (no commits, no
// signatures, no genesis validators) leaves the archive following unproven, and says why; a node
// whose headers do not verify once trust is established is refused like a forged block.

export interface ProofState {
  /** null: not established yet; false: the node offers no proofs (see problem). */
  available: boolean | null;
  problem: string | null;
  trustRoot: TrustRootJson | null;
}

/** How soon an archive whose node offered no proofs asks again (the node may be upgraded). */
const RETRY_UNAVAILABLE_MS = 10 * 60_000;
const IDLE_MS = 1000;

export class ProofService {
  readonly state: ProofState = { available: null, problem: null, trustRoot: null };
  private light: LightClient | null = null;
  private prover: ProvePipeline | null = null;
  private nextAttempt = 0;

  constructor(
    private readonly store: ArchiveStore,
    private readonly rpcUrl: string,
    private readonly trust: TrustSetting,
    private readonly log: (line: string) => void,
  ) {}

  /** The light client, once trust is established; null while the node offers no proofs. */
  private async ready(): Promise<LightClient | null> {
    if (this.light && this.state.available) return this.light;
    if (Date.now() < this.nextAttempt) return null;
    const reader = new ProofReader(this.rpcUrl);
    const chainId = (await readMetaValue(this.store.db, 'chain_id')) ?? (await reader.chainId());
    const light = new LightClient(reader, headerVault(this.store.db), chainId, this.trust);
    try {
      this.state.trustRoot = await light.trustRoot();
    } catch (error) {
      // A header the operator named that the node does not serve: this node is another chain.
      if (this.trust.kind === 'header' && error instanceof HeaderRefusedError) {
        throw new ChainBreakError(`the node does not serve the trusted chain: ${error.message}`);
      }
      if (!(error instanceof HeaderRefusedError) && !(error instanceof NotServedError)) throw error;
      this.state.available = false;
      this.state.problem = `no proofs: the trust root cannot be checked (${errorText(error)})`;
      this.nextAttempt = Date.now() + RETRY_UNAVAILABLE_MS;
      this.log(`archive: ${this.state.problem}; following without proofs`);
      return null;
    }
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
   * `height`, or null while the node offers no proofs.
   */
  async vouchFor(height: bigint, by: VouchBy = 'own signatures'): Promise<string | null> {
    const light = await this.ready();
    if (!light) return null;
    try {
      if (by === 'own signatures') return (await light.verify(height)).hash;
      return (await light.verify(height + 1n)).header.last_block_id.hash.toUpperCase();
    } catch (error) {
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
    await this.ready();
    if (!this.prover) return { rest: IDLE_MS, refusal: null };
    const turn = await this.prover.turn(cursor, going, backfilling);
    return { rest: turn.proven === 0 ? IDLE_MS : 0, refusal: turn.refusal };
  }
}
