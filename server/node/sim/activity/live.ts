import type { Proposal, VoteOption } from '../../chain/records.ts';
import { Rng } from '../../lib/rng.ts';
import type { SimChain } from '../sim-chain.ts';
import { msgDelegate, msgSend } from './messages.ts';
import {
  execMsg,
  submitProposalMsg,
  updateMembersMsg,
  updatePolicyMetadataMsg,
  voteMsg,
  withdrawMsg,
} from './tx-messages.ts';
import { governUpgrades } from './upgrades.ts';

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
  const store = node.group.store;
  const now = node.time;
  const cast = node.cast;
  governUpgrades(node);
  // A chain that removed x/group at an upgrade has no group transactions to make any more.
  if (node.upgrade.storeDeletedAt('group') !== undefined) return;

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
      // Some voters ask for execution with their vote (EXEC_TRY), as the CLI's --exec try does.
      node.deliver(voteMsg(p.id, m.address, option(rng), '', rng.chance(0.1)));
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
      node.deliver(
        submitProposalMsg({
          policyAddress: pa,
          proposers: [proposer],
          title,
          summary: `Live proposal at height ${node.height}.`,
          metadata: '',
          messages,
          exec: rng.chance(0.1),
        }),
      );
    }
  }

  // Someone executes an accepted proposal.
  if (accepted.length > 0 && rng.chance(1 / 20)) {
    const p = rng.pick(accepted);
    node.deliver(execMsg(p.id, p.proposers[0]));
  }

  // A proposer withdraws.
  if (open.length > 0 && rng.chance(1 / 150)) {
    const p = rng.pick(open);
    if (cast.livePolicies.includes(p.policyAddress)) node.deliver(withdrawMsg(p.id, p.proposers[0]));
  }

  // The working group proposes, and its policy changes now and then, aborting what is open.
  const sandbox = cast.policies.sandbox;
  if (sandbox && rng.chance(1 / 80)) {
    node.deliver(
      submitProposalMsg({
        policyAddress: sandbox,
        proposers: [cast.people.frank],
        title: `${rng.pick(TOPICS)} (working group)`,
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
  }
  if (sandbox && rng.chance(1 / 300)) {
    node.deliver(updatePolicyMetadataMsg(cast.people.frank, sandbox, `v${node.height}`));
  }

  // Community membership drifts: weight changes and newcomers bump the group version.
  const community = cast.groups.community;
  if (community !== undefined && rng.chance(1 / 200)) {
    const members = store.membersOf(community);
    const m = members.valueAt(rng.int(members.size));
    const update = { address: m.address, weight: String(1 + rng.int(3)) };
    node.deliver(updateMembersMsg(cast.people.carol, community, [update]));
  }
  if (community !== undefined && rng.chance(1 / 500)) {
    const address = node.accounts.account(`newcomer-${node.height}`);
    node.deliver(updateMembersMsg(cast.people.carol, community, [{ address, weight: '1' }]));
  }
}
