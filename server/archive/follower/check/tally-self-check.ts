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

export class TallySelfCheck {
  readonly state: SelfCheckState = { rereading: null, problem: null };

  constructor(
    private readonly store: ArchiveStore,
    private readonly rpc: RpcReader,
    private readonly vouchFor: FollowerOptions['vouchFor'],
    private readonly log: (line: string) => void,
  ) {}

  /** Recounts the tallies followed up to `cursor` not yet checked; the rest it asks for (ms). */
  async turn(cursor: bigint, running: () => boolean): Promise<number> {
    const due = await readTalliesToCheck(this.store.db, cursor, TALLIES_PER_TURN);
    if (due.length === 0) return IDLE_MS;
    const results: TallyCheckResult[] = [];
    for (const tally of due) {
      if (!running()) break;
      results.push(await this.check(tally));
    }
    await this.store.write((tx) => recordTallyChecks(tx, results));
    this.state.problem = null;
    return 0;
  }

  private async check(tally: TallyToCheck): Promise<TallyCheckResult> {
    const base = { proposalId: tally.id, reread: null, votesFound: 0 };
    let final: string[];
    try {
      final = finalOf(tally);
    } catch {
      return { ...base, outcome: 'differs', detail: `the final tally the node gave is not JSON: ${tally.finalTally}` };
    }
    const counted = countedOf(tally.sums);
    const shortfall = shortfallOf(counted, final, 'the archive');
    if (shortfall === '')
      return { ...base, outcome: 'reconciled', detail: `the votes archived add up to the final tally` };
    if (!fallsShort(counted, final))
      return { ...base, outcome: 'differs', detail: `${shortfall}: the archive's votes count for more than the tally` };
    const window = { from: tally.submitHeight, to: tally.tallyHeight };
    if (window.to - window.from + 1n > MOST_BLOCKS_REREAD)
      return {
        ...base,
        outcome: 'differs',
        detail: `${shortfall}; its voting window (${heightsWords(window.from, window.to)}) is too long to read again`,
      };
    this.state.rereading = `proposal #${tally.id}: ${shortfall}; reading ${heightsWords(window.from, window.to)} again`;
    this.log(`archive: ${this.state.rereading}`);
    try {
      const found = await this.reread(tally, window);
      if (found.length > 0) await this.store.write((tx) => writeFoundVotes(tx, tally, found));
      const after = shortfallOf(countedOf(await readTallySums(this.store.db, tally.id)), final, 'the archive');
      const foundWords = `${found.length} vote${found.length === 1 ? '' : 's'} the node's index had left out (${
        found.map((entry) => `${entry.vote.voter} at ${entry.height}`).join(', ') || 'none'
      })`;
      const result: TallyCheckResult = {
        ...base,
        reread: window,
        votesFound: found.length,
        outcome: after === '' ? 'reconciled after re-reading' : 'differs',
        detail:
          after === ''
            ? `${shortfall}; reading ${heightsWords(window.from, window.to)} again found ${foundWords}: it adds up now`
            : `${shortfall}; reading ${heightsWords(window.from, window.to)} again found ${foundWords}; still ${after}`,
      };
      this.log(`archive: proposal #${tally.id}'s tally: ${result.detail}`);
      return result;
    } catch (error) {
      const words = errorText(error);
      if (!saysHeightNotKept(words)) throw error;
      return {
        ...base,
        outcome: 'differs',
        detail: `${shortfall}; the node no longer keeps its voting window (${heightsWords(window.from, window.to)}) to read again: ${words}`,
      };
    } finally {
      this.state.rereading = null;
    }
  }

  /** Every vote on the proposal in its voting window that the archive does not hold. */
  private async reread(tally: TallyToCheck, window: { from: bigint; to: bigint }) {
    const held = await readVoters(this.store.db, tally.id);
    const found: { vote: VoteInput; height: bigint; time: string }[] = [];
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
