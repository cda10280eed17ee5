// What proving costs the embedded node: building the stores' trees at start, the app hash per
// block (at live traffic, and for a block of 40 votes), and abci_query with proof. Run alone
// (node --expose-gc --import tsx server/bench/proof-bench.ts [large]) or from `npm run bench`.

import { voteMsg } from '../node/sim/activity/tx-messages.ts';
import { ChainNode } from '../node/sim/chain-node.ts';
import { queryJson } from './proof-bench-kit.ts';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Times every state root the node computes (once per block), apart from the rest of the block. */
function timeStateRoots(node: ChainNode): { take: () => number[] } {
  const original = node.stateRoot.bind(node);
  let times: number[] = [];
  node.stateRoot = () => {
    const start = performance.now();
    const root = original();
    times.push(performance.now() - start);
    return root;
  };
  return {
    take: () => {
      const out = times;
      times = [];
      return out;
    },
  };
}

/** A block carrying 40 votes on one open proposal, from members who had not voted on it. */
function fortyVotes(node: ChainNode): number {
  const store = node.group.store;
  for (let i = 0; i < store.proposals.size; i++) {
    const proposal = store.proposals.valueAt(i);
    if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED' || proposal.votingPeriodEnd <= node.time + 10_000) continue;
    const policy = store.policyOf(proposal.policyAddress);
    if (!policy) continue;
    const members = store.membersOf(policy.groupId);
    const voters: string[] = [];
    for (let m = 0; m < members.size && voters.length < 40; m++) {
      const member = members.valueAt(m);
      if (!store.vote(proposal.id, member.key)) voters.push(member.address);
    }
    if (voters.length < 40) continue;
    for (const voter of voters) node.inject(voteMsg(proposal.id, voter, 'VOTE_OPTION_YES'));
    return voters.length;
  }
  return 0;
}

const openTimed = (scenario: 'demo' | 'large', blockHashes?: 'cometbft') => {
  const start = performance.now();
  const node = ChainNode.open({
    seed: 'bench',
    genesisTime: Date.parse('2026-11-01T00:00:00Z'),
    scenario,
    livePeriodS: 600,
    ...(blockHashes ? { blockHashes } : {}),
  });
  return { node, ms: performance.now() - start };
};

export function proofBench(scenario: 'demo' | 'large'): void {
  if (scenario === 'demo') {
    // A demo start as a chain begun before proofs makes it (no store trees, no signatures), after
    // one start that warms the code both take.
    openTimed('demo');
    const before = openTimed('demo', 'cometbft').ms;
    const { node, ms } = openTimed('demo');
    console.log(
      `demo start: ${(ms / 1000).toFixed(2)} s, before proofs ${(before / 1000).toFixed(2)} s (budget: +1 s)`,
    );
    return proofFigures(node, scenario, ms);
  }
  const { node, ms } = openTimed(scenario);
  proofFigures(node, scenario, ms);
}

/** The figures of a node just started (`startMs` its whole start); it then makes 360 blocks. */
export function proofFigures(node: ChainNode, label: string, startMs: number): void {
  console.log(
    `proofs (${label}): start ${(startMs / 1000).toFixed(2)} s, of which the stores' trees and their hash ` +
      `${(node.trees.startMs / 1000).toFixed(2)} s (CPU ${(node.trees.startCpuMs / 1000).toFixed(2)} s)`,
  );
  const roots = timeStateRoots(node);
  node.advance(50, 5000); // warm-up
  roots.take();
  const blockStart = performance.now();
  node.advance(300, 5000);
  const perBlock = (performance.now() - blockStart) / 300;
  const live = roots.take().sort((a, b) => a - b);
  console.log(
    `  live traffic: app hash per block p50 ${pct(live, 50).toFixed(2)} ms, p99 ${pct(live, 99).toFixed(2)} ms ` +
      `(whole block ${perBlock.toFixed(2)} ms)`,
  );
  const forty: number[] = [];
  for (let round = 0; round < 10; round++) {
    if (fortyVotes(node) < 40) break;
    node.advance(1, 5000);
    forty.push(...roots.take());
  }
  if (forty.length > 0) {
    forty.sort((a, b) => a - b);
    console.log(`  40-vote block: app hash p50 ${pct(forty, 50).toFixed(2)} ms, max ${forty.at(-1)?.toFixed(2)} ms`);
  }
  const times = queryJson(node, 2000);
  console.log(`  abci_query with proof: p50 ${pct(times, 50).toFixed(3)} ms, p99 ${pct(times, 99).toFixed(3)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) proofBench(process.argv[2] === 'large' ? 'large' : 'demo');
