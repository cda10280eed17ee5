import type { GroupStore } from '../../chain/group/group-store.ts';
import type { GroupMsgServer, SubmitProposalInput } from '../../chain/group/msg-server.ts';
import type { DecisionPolicy, Millis, VoteOption } from '../../chain/records.ts';
import { Rng } from '../../lib/rng.ts';
import type { Accounts } from '../activity/accounts.ts';
import { BLOCK_MS, type Cast, type SimChain } from '../sim-chain.ts';

// The toolkit genesis scenarios are written with: dated steps collected on a timeline, then run
// block by block through the real state machine, so every rule applies to the history.

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** The chain's history spans 30 days of 5-second blocks before the genesis time. */
const HISTORY_MS = 30 * DAY;

export const threshold = (value: string, votingS: number, minExecS = 0): DecisionPolicy => ({
  kind: 'threshold',
  threshold: value,
  windows: { votingPeriod: votingS, minExecutionPeriod: minExecS },
});
export const percentage = (value: string, votingS: number, minExecS = 0): DecisionPolicy => ({
  kind: 'percentage',
  percentage: value,
  windows: { votingPeriod: votingS, minExecutionPeriod: minExecS },
});

/** An option drawn with the given odds of yes, no, abstain and veto. */
export function pickOption(rng: Rng, weights: [number, number, number, number]): VoteOption {
  const r = rng.next();
  const oddsOrder: VoteOption[] = [
    'VOTE_OPTION_YES',
    'VOTE_OPTION_NO',
    'VOTE_OPTION_ABSTAIN',
    'VOTE_OPTION_NO_WITH_VETO',
  ];
  let acc = 0;
  for (let i = 0; i < 4; i++) {
    acc += weights[i];
    if (r < acc) return oddsOrder[i];
  }
  return 'VOTE_OPTION_YES';
}

type ProposalInput = Omit<SubmitProposalInput, 'policyAddress'>;

/** Everything a scenario part needs; `at` schedules a step at a time of the 30-day history. */
export interface ScenarioContext {
  chain: SimChain;
  /** Genesis time: the history ends here and live blocks begin. */
  G: Millis;
  start: Millis;
  at(time: Millis, step: () => void): void;
  msgs: GroupMsgServer;
  store: GroupStore;
  acc: Accounts;
  rng: Rng;
  /** Voting period of the quick policies, in seconds. */
  live: number;
  p: Record<string, string>;
  cast: Cast;
  val: string;
  submit(key: string, time: Millis, policy: string, build: (policyAddress: string) => ProposalInput): void;
  vote(key: string, time: Millis, voter: string, option: VoteOption, metadata?: string): void;
  txt(title: string, summary: string): { title: string; summary: string; metadata: string };
}

const PEOPLE = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'vera',
  'leo',
  'mallory',
  'treasury',
];

export function createScenario(chain: SimChain): ScenarioContext & { run(): void } {
  const G = chain.params.genesisTime;
  const start = G - HISTORY_MS;
  const steps: { time: Millis; step: () => void }[] = [];
  const at = (time: Millis, step: () => void) => steps.push({ time, step });
  const msgs = chain.group.msgs;
  const acc = chain.accounts;
  const people = Object.fromEntries(PEOPLE.map((name) => [name, acc.account(name)])) as Record<string, string>;
  const cast: Cast = { people, groups: {}, policies: {}, proposals: {}, livePolicies: [], communityMembers: [] };
  const context: ScenarioContext = {
    chain,
    G,
    start,
    at,
    msgs,
    store: chain.group.store,
    acc,
    rng: new Rng(chain.params.seed, 'genesis'),
    live: chain.params.livePeriodS,
    p: people,
    cast,
    val: acc.validator('polity-validator-1'),
    submit: (key, time, policy, build) =>
      at(time, () => {
        const policyAddress = cast.policies[policy];
        cast.proposals[key] = msgs.submitProposal({ policyAddress, ...build(policyAddress) }, time);
      }),
    vote: (key, time, voter, option, metadata = '') =>
      at(time, () => msgs.vote(cast.proposals[key], voter, option, metadata, time)),
    txt: (title, summary) => ({ title, summary, metadata: JSON.stringify({ title, summary }) }),
  };
  /** Runs the collected steps in time order (ties in the order given), one block per 5 s slot. */
  const run = () => {
    const heightAt = (time: Millis) => BigInt(1 + Math.floor((time - start) / BLOCK_MS));
    const ordered = steps
      .map((entry, index) => ({ ...entry, index }))
      .sort((a, b) => a.time - b.time || a.index - b.index);
    let pendingHeight: bigint | null = null;
    let batch: (() => void)[] = [];
    let batchTime = 0;
    const flush = () => {
      if (pendingHeight === null) return;
      const blockSteps = batch;
      chain.block(pendingHeight, batchTime, () => blockSteps.forEach((step) => step()));
      batch = [];
    };
    for (const entry of ordered) {
      const height = heightAt(entry.time);
      if (height !== pendingHeight) {
        flush();
        pendingHeight = height;
      }
      batch.push(entry.step);
      batchTime = entry.time;
    }
    flush();
  };
  return { ...context, run };
}
