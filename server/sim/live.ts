import { ChainError } from '../chain/chain-error.ts';
import type { Proposal, VoteOption } from '../chain/records.ts';
import { Rng } from '../lib/rng.ts';
import { msgDelegate, msgSend } from './messages.ts';
import type { SimChain } from './sim-chain.ts';
import { scheduleNextUpgrade } from './upgrades.ts';

const TOPICS = [
  'Upgrade the relayer fleet',
  'Sponsor the hackathon',
  'Renew the RPC contract',
  'Rebalance the treasury',
  'Fund documentation sprint',
  'Hire a release manager',
  'Adopt the incident runbook',
  'Extend the bug bounty',
  'Translate the docs to Español',
  'Audit the bridge contracts',
  'Pick the meetup venue',
  'Archive the old forum',
];

/** Runs a transaction the way a chain runs a tx: if the state machine refuses it, nothing happens. */
function tx(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof ChainError)) throw e;
  }
}

function option(rng: Rng): VoteOption {
  const r = rng.next();
  if (r < 0.6) return 'VOTE_OPTION_YES';
  if (r < 0.85) return 'VOTE_OPTION_NO';
  return r < 0.95 ? 'VOTE_OPTION_ABSTAIN' : 'VOTE_OPTION_NO_WITH_VETO';
}

/**
 * One live block's activity. It depends only on the seed, the height and the state, so replaying
 * the logged blocks rebuilds the same chain.
 */
export function liveStep(node: SimChain): void {
  const rng = new Rng(node.params.seed, 'block', node.height);
  const msgs = node.group.msgs;
  const store = node.group.store;
  const now = node.time;
  const cast = node.cast;
  if (!node.upgrade.pending) scheduleNextUpgrade(node);

  const open: Proposal[] = [];
  const accepted: Proposal[] = [];
  for (const p of store.proposals.values()) {
    if (p.status === 'PROPOSAL_STATUS_SUBMITTED' && now <= p.votingPeriodEnd) open.push(p);
    if (p.status === 'PROPOSAL_STATUS_ACCEPTED') accepted.push(p);
  }

  // Members vote on open proposals; big groups see several votes a block.
  for (const p of open) {
    const policy = store.policyOf(p.policyAddress);
    if (!policy) continue;
    const members = store.membersOf(policy.groupId);
    if (members.size === 0) continue;
    const attempts = members.size > 1000 ? rng.int(5) : rng.chance(0.15) ? 1 : 0;
    for (let a = 0; a < attempts; a++) {
      const m = members.valueAt(rng.int(members.size));
      if (store.vote(p.id, m.key)) continue;
      tx(() => msgs.vote(p.id, m.address, option(rng), '', now));
    }
  }

  // New proposals on the quick policies, about four per live voting period whatever the block
  // time, sometimes executed at once (EXEC_TRY).
  const submitChance = Math.min(1, (now - node.prevTime) / ((node.params.livePeriodS * 1000) / 4));
  if (rng.chance(submitChance) && cast.livePolicies.length > 0) {
    const pa = rng.pick(cast.livePolicies);
    const policy = store.policyOf(pa);
    const members = policy && store.membersOf(policy.groupId);
    if (members && members.size > 0) {
      const proposer = members.valueAt(rng.int(members.size)).address;
      const title = `${rng.pick(TOPICS)} #${store.proposalSeq + 1n}`;
      const amount = BigInt(1 + rng.int(5000)) * 1000n;
      const messages = rng.chance(0.5)
        ? [msgSend(pa, cast.people.treasury, amount)]
        : [msgDelegate(pa, node.accounts.validator('polity-validator-1'), amount)];
      tx(() =>
        msgs.submitProposal(
          {
            policyAddress: pa,
            proposers: [proposer],
            title,
            summary: `Live proposal at height ${node.height}.`,
            metadata: '',
            messages,
            exec: rng.chance(0.1),
          },
          now,
        ),
      );
    }
  }

  // Someone executes an accepted proposal.
  if (accepted.length > 0 && rng.chance(1 / 20)) {
    const p = rng.pick(accepted);
    tx(() => msgs.exec(p.id, now));
  }

  // A proposer withdraws.
  if (open.length > 0 && rng.chance(1 / 150)) {
    const p = rng.pick(open);
    if (cast.livePolicies.includes(p.policyAddress)) tx(() => msgs.withdraw(p.id, p.proposers[0]));
  }

  // The working group proposes, and its policy changes now and then, aborting what is open.
  const sandbox = cast.policies.sandbox;
  if (sandbox && rng.chance(1 / 80)) {
    tx(() =>
      msgs.submitProposal(
        {
          policyAddress: sandbox,
          proposers: [cast.people.frank],
          title: `${rng.pick(TOPICS)} (working group)`,
          summary: '',
          metadata: '',
          messages: [],
        },
        now,
      ),
    );
  }
  if (sandbox && rng.chance(1 / 300)) tx(() => msgs.updateGroupPolicy(sandbox, { metadata: `v${node.height}` }));

  // Community membership drifts: weight changes and newcomers bump the group version.
  const community = cast.groups.community;
  if (community !== undefined && rng.chance(1 / 200)) {
    const members = store.membersOf(community);
    const m = members.valueAt(rng.int(members.size));
    tx(() => msgs.updateGroupMembers(community, [{ address: m.address, weight: String(1 + rng.int(3)) }], now));
  }
  if (community !== undefined && rng.chance(1 / 500)) {
    const address = node.accounts.account(`newcomer-${node.height}`);
    tx(() => msgs.updateGroupMembers(community, [{ address, weight: '1' }], now));
  }
}
