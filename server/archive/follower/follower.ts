import { errorText } from '../source/error-text.ts';
import type { RestReader } from '../source/rest-reader.ts';
import type { RpcReader } from '../source/rpc-reader.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { LostLeaseError } from '../store/cursor/cursor-writes.ts';
import { backfillTurn } from './backfill/backfill-pipeline.ts';
import { beginTurn, waitForFirstBlock } from './begin/begin-pipeline.ts';
import { TallySelfCheck } from './check/tally-self-check.ts';
import { GapFill } from './fill/gap-fill.ts';
import type { FollowerOptions, FollowerState } from './lane/follower-state.ts';
import { Lane } from './lane/lane.ts';
import { ProofService } from './prove/proof-service.ts';
import { skipPrunedBlocks, TipPipeline, waitForBlocks } from './tip/tip-pipeline.ts';
import { WriterSeat } from './writer-seat.ts';

/**
 * Blocks read per batch while catching up, unless --archive-batch says otherwise. A backfill of
 * 100,000 blocks through the node's index ran about 10 % faster at 64 than at 32 (fewer commits,
 * more reads in flight), and block by block about 15 % faster, within 5 MB of the same memory.
 */
export const DEFAULT_BATCH = 64;

const STANDBY_POLL_MS = 1000;
/** After a failed prover turn (the node did not answer): it tries again, the archive goes on. */
const PROVER_RETRY_MS = 5000;
/** How soon the archive looks again whether a fill still holds it still, and a fill whether it may begin. */
const STILL_POLL_MS = 100;
/** How long the archive stays still while the fill reads its last blocks, at most: then it goes on, and so does the fill. */
const LAST_STRETCH_MS = 30_000;

/**
 * Every line the lanes, the pipelines, the gap fill and the prover log begins with `archive`:
 * the archive's name is put after it here, once, rather than in each of them.
 */
function namedLog(options: FollowerOptions): FollowerOptions['log'] {
  const { log, name } = options;
  if (name === undefined) return log;
  return (line) => log(line.replace(/^archive(?=[ :])/, `archive ${name}`));
}

/** A lane and the pipeline that keeps state of its own across turns (the batch fetched ahead). */
interface Track {
  lane: Lane;
  tip: TipPipeline;
}

const trackOf = (lane: Lane): Track => ({ lane, tip: new TipPipeline(lane) });

/**
 * Follows a node block by block into the archive, as a small scheduler of turns. Each turn of the
 * archive picks one pipeline by where the archive stands against the node: begin a new archive,
 * backfill far behind through the node's index, follow the tip a batch at a time, or wait for the
 * next block. Beside it, the gap fill takes turns of its own: it looks for gaps the node can
 * fill, moves a lane of its own through the same pipelines, and once close behind has the
 * archive hold still while it is taken. Only the process holding the writer's lease writes, and
 * nothing a node answers that does not hold together or follow the archived blocks is merged.
 */
export class Follower {
  private readonly archive: Track;
  private readonly seat: WriterSeat;
  private readonly fill: GapFill | null;
  private fillTrack: Track | null = null;
  /** The archive has a cursor and this process writes it: gaps may be filled. */
  private fillMayRun = false;
  private running = false;
  private loops: Promise<unknown> = Promise.resolve();
  /** The archive's turn under way: a fill about to be taken waits for it to end. */
  private archiveTurn: Promise<unknown> = Promise.resolve();
  private readonly sleepers = new Set<() => void>();
  /** The light client and the prover; null when proofs are off or there is no RPC to read them from. */
  readonly proofs: ProofService | null;
  /** The archive's recount of every tally it followed (see tally-self-check.ts). */
  readonly selfCheck: TallySelfCheck;

  constructor(store: ArchiveStore, rpc: RpcReader, rest: RestReader, given: FollowerOptions) {
    const options: FollowerOptions = { ...given, log: namedLog(given) };
    this.proofs =
      options.trust === null || options.rpcUrl === undefined
        ? null
        : new ProofService(
            store,
            options.rpcUrl,
            options.trust ?? { kind: 'genesis' },
            options.log,
            rest,
            options.proofClock,
            options.witnesses ?? [],
          );
    const proofs = this.proofs;
    const vouched: FollowerOptions = proofs
      ? { ...options, vouchFor: (height, by) => proofs.vouchFor(height, by) }
      : options;
    this.archive = trackOf(new Lane(store, rpc, rest, vouched));
    this.selfCheck = new TallySelfCheck(store, rpc, vouched.vouchFor, options.log);
    this.seat = new WriterSeat(store);
    this.fill = options.fillGaps === false ? null : new GapFill(this.archive.lane, this.seat.holder);
  }

  get state(): FollowerState {
    return this.archive.lane.state;
  }

  start(): void {
    this.running = true;
    this.archive.lane.halted = false;
    const fill = this.fill;
    this.loops = Promise.all([
      this.loop(() => this.turnOfArchive()).finally(() => this.archive.lane.finishWriting().catch(() => undefined)),
      fill && this.loop(() => this.turnOfFill(fill)).finally(() => fill.drop().catch(() => undefined)),
      this.proofs && this.loop(() => this.turnOfProver(this.proofs!)),
      this.loop(() => this.turnOfSelfCheck()),
    ]);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.archive.lane.halted = true;
    if (this.fillTrack) this.fillTrack.lane.halted = true;
    for (const wake of this.sleepers) wake();
    await this.loops;
    await this.proofs?.keepVerified().catch(() => undefined);
    // Another process on the same database takes over at once instead of after the lease runs out.
    await this.seat.release().catch(() => undefined);
    this.state.phase = this.state.phase === 'refused' ? 'refused' : 'stopped';
  }

  /** Turns, one after another, each followed by the rest it asks for, until the follower stops. */
  private async loop(turn: () => Promise<number>): Promise<void> {
    while (this.running) await this.rest(await turn());
  }

  /** The archive's turn, remembered while under way: a fill about to be taken waits for it to end. */
  private turnOfArchive(): Promise<number> {
    const turn = this.archiveTurnNow();
    this.archiveTurn = turn;
    return turn;
  }

  /** One turn of the archive: stand by without the lease, hold still for a fill being taken, else follow. */
  private async archiveTurnNow(): Promise<number> {
    const lane = this.archive.lane;
    try {
      const seat = await this.seat.turn();
      if (seat === 'still') return STILL_POLL_MS;
      if (seat === 'standby') {
        // Another process writes now: its own fill fills.
        lane.state.phase = 'standby';
        lane.forget();
        this.fillMayRun = false;
        return STANDBY_POLL_MS;
      }
      return await this.follow(this.archive, () => (this.fillMayRun = true));
    } catch (error) {
      if (error instanceof LostLeaseError) this.seat.lost();
      return lane.failed(error);
    }
  }

  /** One turn of the gap fill: look for gaps the node can fill, or read the fill's next blocks and, once close behind, take it. */
  private async turnOfFill(fill: GapFill): Promise<number> {
    try {
      if (!this.fillMayRun || !this.seat.writes) {
        await fill.drop();
        return STILL_POLL_MS;
      }
      const lane = fill.lane;
      if (!lane) return await fill.look();
      const rest = await this.followFill(lane);
      fill.follow(this.archive.lane.committed?.height ?? null);
      return fill.closeBehind ? await this.takeFill(fill, lane) : rest;
    } catch (error) {
      return fill.failed(error).catch(() => STILL_POLL_MS);
    }
  }

  /**
   * One turn of the prover, right behind the archive's cursor, in the process that writes it. A
   * header the node served that does not verify refuses the node, like a forged block.
   */
  private async turnOfProver(proofs: ProofService): Promise<number> {
    const cursor = this.archive.lane.committed?.height;
    if (!this.fillMayRun || !this.seat.writes || cursor === undefined) return STANDBY_POLL_MS;
    try {
      const backfilling = this.archive.lane.state.phase === 'backfilling';
      const turn = await proofs.proveTurn(cursor, () => this.running, backfilling);
      if (turn.refusal) return this.refused(this.archive, `a block the archive holds is not proven: ${turn.refusal}`);
      return turn.rest;
    } catch (error) {
      proofs.state.problem = `proving: ${errorText(error)}; trying again`;
      return PROVER_RETRY_MS;
    }
  }

  /** One turn of the tally recount, behind the archive's cursor, in the process that writes it. */
  private async turnOfSelfCheck(): Promise<number> {
    const cursor = this.archive.lane.committed?.height;
    if (!this.fillMayRun || !this.seat.writes || cursor === undefined) return STANDBY_POLL_MS;
    try {
      return await this.selfCheck.turn(cursor, () => this.running);
    } catch (error) {
      return this.selfCheck.failed(error);
    }
  }

  /**
   * The archive holds still (its turn under way ends, what it was writing is written) while the
   * fill reads its last blocks up to the archive's cursor; then the fill is taken. Not there in
   * time (the archive had just read far ahead): the archive goes on, and so does the fill.
   */
  private async takeFill(fill: GapFill, lane: Lane): Promise<number> {
    this.seat.holdStill();
    try {
      await this.archiveTurn;
      await this.archive.lane.finishWriting().catch((error: unknown) => this.archive.lane.failed(error));
      if (!this.running) return 0;
      await fill.aim();
      const deadline = Date.now() + LAST_STRETCH_MS;
      while (this.running && !fill.reached && Date.now() < deadline) {
        fill.merging();
        await this.rest(Math.min(await this.followFill(lane), deadline - Date.now()));
      }
      if (!this.running || !fill.reached) return 0;
      return await fill.take();
    } finally {
      this.seat.letGo();
      this.archive.lane.forget();
    }
  }

  /** A turn of the fill's lane: the same pipelines as the archive's, over the fill's store. */
  private async followFill(lane: Lane): Promise<number> {
    if (this.fillTrack?.lane !== lane) this.fillTrack = trackOf(lane);
    try {
      return await this.follow(this.fillTrack);
    } catch (error) {
      return lane.failed(error);
    }
  }

  /** One turn of a lane: where it stands against the node picks the pipeline. `begun`: it has a cursor. */
  private async follow(track: Track, begun: () => void = () => undefined): Promise<number> {
    const { lane, tip } = track;
    const status = await lane.nodeStatus();
    const otherChain = await lane.chain.problemWith(lane.store.db, status.chainId);
    if (otherChain) return this.refused(track, otherChain);
    const cursor = await lane.cursor();
    if (!cursor) {
      if (status.latestHeight === 0n) return waitForFirstBlock(lane);
      await beginTurn(lane, status);
      return lane.refused ? this.refused(track) : 0;
    }
    begun();
    // Behind the archive: a node behind a load balancer that lags for a moment, or one reset.
    // Either way nothing is read until it passes the archive again; a reset node's next block
    // then does not follow the archived one, and is refused.
    if (status.latestHeight < cursor.height)
      throw new Error(
        `the node is at height ${status.latestHeight}, below the archived height ${cursor.height}: waiting`,
      );
    const position = await skipPrunedBlocks(lane, lane.reading ?? cursor, status.earliestHeight);
    if (position.height >= status.latestHeight) return waitForBlocks(lane);
    if (!(await backfillTurn(lane, position, status.latestHeight))) await tip.turn(position, status.latestHeight);
    return 0;
  }

  /** A refused archive merges nothing more, and a fill of it could only be taken wrongly: the follower stops. */
  private refused(track: Track, problem?: string): number {
    if (problem) track.lane.refuse(problem);
    if (track === this.archive) this.running = false;
    return 0;
  }

  /** Waits `ms`, or less when the follower stops meanwhile. */
  private rest(ms: number): Promise<void> {
    if (ms <= 0 || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}
