import Decimal from 'decimal.js';

import { shortfallOf } from '../../../../verify/records/completeness.ts';
import type { NodeTally } from '../../node-records.ts';
import { errorText } from '../../source/error-text.ts';
import { saysHeightNotKept } from '../../source/height-not-kept.ts';
import type { FetchedBlock, RpcReader } from '../../source/rpc-reader.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import {
  readTalliesToCheck,
  readTallySums,
  readVoters,
  recordTallyChecks,
  writeFoundVotes,
  type TallyCheckResult,
  type TallyToCheck,
} from '../../store/proposals/tally-checks.ts';
import type { VoteInput } from '../../store/votes/vote-writes.ts';
import { refuseUnlessVouched } from '../lane/chain-guard.ts';
import type { FollowerOptions } from '../lane/follower-state.ts';
import { decodeBlock } from '../tip/decode-block.ts';

// The archive holds itself to the chain's own arithmetic: once a proposal is tallied, the votes it
// archived, at the weights they counted with, must add up to the final tally option by option —
// the reconciliation a bundle's verifier runs. A node's index that left a vote's block out of a
// backfill shows here as a tally short of its votes: the proposal's voting window is then read
// again block by block, the votes found are archived, and the status says what was found.

/** Tallies recounted per turn. */
const TALLIES_PER_TURN = 32;
/** Blocks of a voting window read at once. */
const READS_IN_FLIGHT = 8;
/** Longer windows are not read again (a week of 1 s blocks is 604,800): the status says so. */
const MOST_BLOCKS_REREAD = 200_000n;
/** Rest between turns when every tally followed is checked. */
const IDLE_MS = 2000;
/** Rest after a turn in which a voting window could not be read. */
const RETRY_MS = 5000;

/** The yes, no, abstain and veto sums, as x/group's final tally orders them. */
const OPTION_ORDER = ['VOTE_OPTION_YES', 'VOTE_OPTION_NO', 'VOTE_OPTION_ABSTAIN', 'VOTE_OPTION_NO_WITH_VETO'];

function finalOf(tally: TallyToCheck): string[] {
  const parsed = JSON.parse(tally.finalTally) as Partial<NodeTally>;
  return [parsed.yes_count, parsed.no_count, parsed.abstain_count, parsed.no_with_veto_count].map(
    (count) => count ?? 'missing',
  );
}

const countedOf = (sums: ReadonlyMap<string, string>) =>
  OPTION_ORDER.map((option) => new Decimal(sums.get(option) ?? '0'));

/** Whether some option's final tally is more than the votes held give it: a vote may be missing. */
function fallsShort(counted: readonly Decimal[], final: readonly string[]): boolean {
  return counted.some((sum, index) => {
    try {
      return new Decimal(final[index]).greaterThan(sum);
    } catch {
      return false;
    }
  });
}

const heightsWords = (from: bigint, to: bigint) => (from === to ? `height ${from}` : `heights ${from}–${to}`);

export interface SelfCheckState {
  /** What the check is doing now, when it reads a voting window again. */
  rereading: string | null;
  problem: string | null;
}

type FoundVote = { vote: VoteInput; height: bigint; time: string };

export class TallySelfCheck {
  readonly state: SelfCheckState = { rereading: null, problem: null };
  /** Proposals whose window could not be read this turn: the next turn takes the others first. */
  private readonly failing = new Set<string>();

  constructor(
    private readonly store: ArchiveStore,
    private readonly rpc: RpcReader,
    private readonly vouchFor: FollowerOptions['vouchFor'],
    private readonly log: (line: string) => void,
  ) {}

  /** Recounts the tallies followed up to `cursor` not yet checked; the rest it asks for (ms). */
  async turn(cursor: bigint, running: () => boolean): Promise<number> {
    const due = (await readTalliesToCheck(this.store.db, cursor, TALLIES_PER_TURN + this.failing.size)).filter(
      (tally) => !this.failing.has(tally.id),
    );
    this.failing.clear();
    if (due.length === 0) return IDLE_MS;
    let failures = 0;
    for (const tally of due.slice(0, TALLIES_PER_TURN)) {
      if (!running()) break;
      // One proposal's window the node cannot give now does not hold the others back: it is
      // passed over this turn and tried again the next.
      try {
        await this.check(tally);
      } catch (error) {
        failures++;
        this.failing.add(tally.id);
        this.state.problem = `recounting proposal #${tally.id}'s tally: ${errorText(error)}; trying again`;
        this.log(`archive: ${this.state.problem}`);
      }
    }
    if (failures === 0) this.state.problem = null;
    return failures > 0 ? RETRY_MS : 0;
  }

  /** Records a recount, with the votes a second reading found, in one transaction: all of it or none. */
  private record(tally: TallyToCheck, result: TallyCheckResult, found: FoundVote[] = []) {
    return this.store.write(async (tx) => {
      if (found.length > 0) await writeFoundVotes(tx, tally, found);
      await recordTallyChecks(tx, [result]);
    });
  }

  private async check(tally: TallyToCheck): Promise<void> {
    const base = { proposalId: tally.id, reread: null, votesFound: 0 };
    let final: string[];
    try {
      final = finalOf(tally);
    } catch {
      const detail = `the final tally the node gave is not JSON: ${tally.finalTally}`;
      return this.record(tally, { ...base, outcome: 'differs', detail });
    }
    const counted = countedOf(tally.sums);
    const shortfall = shortfallOf(counted, final, 'the archive');
    if (shortfall === '')
      return this.record(tally, {
        ...base,
        outcome: 'reconciled',
        detail: 'the votes archived add up to the final tally',
      });
    if (!fallsShort(counted, final)) {
      const detail = `${shortfall}: the archive's votes count for more than the tally`;
      return this.record(tally, { ...base, outcome: 'differs', detail });
    }
    const window = { from: tally.submitHeight, to: tally.tallyHeight };
    if (window.to - window.from + 1n > MOST_BLOCKS_REREAD) {
      const detail = `${shortfall}; its voting window (${heightsWords(window.from, window.to)}) is too long to read again`;
      return this.record(tally, { ...base, outcome: 'differs', detail });
    }
    this.state.rereading = `proposal #${tally.id}: ${shortfall}; reading ${heightsWords(window.from, window.to)} again`;
    this.log(`archive: ${this.state.rereading}`);
    try {
      const found = await this.reread(tally, window);
      const foundWords = `${found.length} vote${found.length === 1 ? '' : 's'} the archive had not read (${
        found.map((entry) => `${entry.vote.voter} at ${entry.height}`).join(', ') || 'none'
      })`;
      let detail = '';
      await this.store.write(async (tx) => {
        if (found.length > 0) await writeFoundVotes(tx, tally, found);
        const after = shortfallOf(countedOf(await readTallySums(tx, tally.id)), final, 'the archive');
        const read = `${shortfall}; reading ${heightsWords(window.from, window.to)} again found ${foundWords}`;
        detail = after === '' ? `${read}: it adds up now` : `${read}; still ${after}`;
        const outcome = after === '' ? 'reconciled after re-reading' : 'differs';
        await recordTallyChecks(tx, [{ ...base, reread: window, votesFound: found.length, outcome, detail }]);
      });
      this.log(`archive: proposal #${tally.id}'s tally: ${detail}`);
    } catch (error) {
      const words = errorText(error);
      if (!saysHeightNotKept(words)) throw error;
      const detail = `${shortfall}; the node no longer keeps its voting window (${heightsWords(window.from, window.to)}) to read again: ${words}`;
      await this.record(tally, { ...base, outcome: 'differs', detail });
    } finally {
      this.state.rereading = null;
    }
  }

  /** Every vote on the proposal in its voting window that the archive does not hold. */
  private async reread(tally: TallyToCheck, window: { from: bigint; to: bigint }) {
    const held = await readVoters(this.store.db, tally.id);
    const found: FoundVote[] = [];
    const take = (block: FetchedBlock) => {
      for (const vote of decodeBlock(block).votes)
        if (vote.proposalId === tally.id && !held.has(vote.voter)) {
          held.add(vote.voter);
          found.push({ vote, height: block.height, time: block.time });
        }
    };
    for (let start = window.from; start <= window.to; start += BigInt(READS_IN_FLIGHT)) {
      const heights: bigint[] = [];
      for (let height = start; height <= window.to && height < start + BigInt(READS_IN_FLIGHT); height++)
        heights.push(height);
      const blocks = await Promise.all(heights.map((height) => this.vouchedBlock(height)));
      blocks.forEach(take);
    }
    return found;
  }

  /** A block, refused unless it is the one the light client verified (when the archive proves). */
  private async vouchedBlock(height: bigint): Promise<FetchedBlock> {
    const [block, vouched] = await Promise.all([
      this.rpc.block(height),
      this.vouchFor?.(height, 'own signatures') ?? Promise.resolve(null),
    ]);
    refuseUnlessVouched(block, vouched);
    return block;
  }

  failed(error: unknown): number {
    this.state.problem = `recounting tallies: ${errorText(error)}; trying again`;
    return 5000;
  }
}
