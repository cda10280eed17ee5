import type { GovProposal, ProposalMsg } from '../../chain/gov/gov-records.ts';
import type { GovStore } from '../../chain/gov/gov-store.ts';
import type { VoteOption } from '../../chain/records.ts';
import type { Plan, UpgradeHandlers } from '../../chain/upgrade/keeper.ts';
import { encodeAccAddress } from '../../lib/bech32-sdk.ts';
import { Rng } from '../../lib/rng.ts';
import { upgradedConsensusState } from '../consensus-state.ts';
import { BLOCK_MS, type SimChain } from '../sim-chain.ts';
import { cancelUpgradeProposal, govSubmitProposalMsg, govVoteMsg, softwareUpgradeProposal } from './tx-messages.ts';

// The chain's software upgrades, governed as on a real chain: the validator proposes each plan
// through x/gov, the stakers vote, and the plan exists only once the proposal passes at the end
// of its voting period. Now and then a scheduled plan is cancelled (and re-planned later) or
// replaced by a postponed one, both also by gov proposals.

const CODENAMES = [
  'atlas',
  'borealis',
  'cirrus',
  'dorado',
  'eridanus',
  'fornax',
  'gemini',
  'hydra',
  'indus',
  'lyra',
  'mensa',
  'norma',
];
const BUMPABLE = ['auth', 'bank', 'distribution', 'gov', 'group', 'staking'];
/** Blocks between a plan's proposal and its height on the live chain (10 minutes at 5 s). */
export const UPGRADE_SPACING = 120n;
const DEPOSIT = [{ denom: 'stake', amount: '10' }];

const UPGRADE_MESSAGES = new Set([
  '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
  '/cosmos.upgrade.v1beta1.MsgCancelUpgrade',
]);

type Fate = 'apply' | 'cancel' | 'replace';

/** A release's name: `v5-borealis`, and `v5-borealis-r1`… when it is planned again. */
function releaseName(release: number, replan: number): string {
  const lap = Math.floor(release / CODENAMES.length);
  const base = `v${release + 4}-${CODENAMES[release % CODENAMES.length]}${lap > 0 ? `-${lap}` : ''}`;
  return replan > 0 ? `${base}-r${replan}` : base;
}

/** Decided once per first plan of a release, from the seed: most are applied, some not. */
function fateOf(seed: string, planName: string): Fate {
  if (/-r\d+$/.test(planName)) return 'apply';
  const draw = new Rng(seed, 'upgrade-fate', planName).next();
  return draw < 0.25 ? 'cancel' : draw < 0.5 ? 'replace' : 'apply';
}

/** The module a plan's info says its release bumps (plans not made here may say nothing). */
function bumpedModule(info: string): string | undefined {
  try {
    const bumps: unknown = (JSON.parse(info) as { bumps?: unknown } | null)?.bumps;
    return typeof bumps === 'string' ? bumps : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The running binary's upgrade handlers: each release bumps the one module its plan's info names.
 * The release named `dropGroupAt` (--drop-group-at) removes x/group instead, as a chain leaving it
 * does: its store loader deletes the `group` store, and its migrations no longer know the module.
 */
export function releaseHandlers(seed: string, dropGroupAt?: string): UpgradeHandlers {
  return (plan, at, state) => {
    const dropsGroup = plan.name === dropGroupAt;
    const bumps = bumpedModule(plan.info);
    const versions =
      bumps === undefined || (dropsGroup && bumps === 'group')
        ? {}
        : { [bumps]: Number(state.version(bumps) ?? 0n) + 1 };
    const estimatedTime = at.time + Number(plan.height - at.height) * BLOCK_MS;
    const consensusState = upgradedConsensusState(seed, plan.height, estimatedTime);
    return dropsGroup ? { versions, consensusState, deletedStores: ['group'] } : { versions, consensusState };
  };
}

const carriesUpgrade = (proposal: GovProposal) => proposal.messages.some((msg) => UPGRADE_MESSAGES.has(msg.typeUrl));

function openUpgradeProposals(gov: GovStore): GovProposal[] {
  const open: GovProposal[] = [];
  for (const id of [...gov.votingQueue].sort((a, b) => (a < b ? -1 : 1))) {
    const proposal = gov.proposal(id);
    if (proposal && carriesUpgrade(proposal)) open.push(proposal);
  }
  return open;
}

/** Plans of this release that gov already put in place (passed), whatever became of them. */
function passedPlansOf(gov: GovStore, base: string): number {
  let count = 0;
  for (const proposal of gov.proposals.values()) {
    if (proposal.status !== 'PROPOSAL_STATUS_PASSED') continue;
    for (const msg of proposal.messages) {
      if (msg.typeUrl === '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade' && msg.plan.name.startsWith(base)) count++;
    }
  }
  return count;
}

/** Blocks a voting period spans at the current block interval, rounded up. */
function votingBlocks(node: SimChain): bigint {
  const interval = Math.max(1, node.time - node.prevTime);
  return BigInt(Math.ceil((node.gov.store.params.votingPeriodS * 1000) / interval));
}

function validatorAccount(node: SimChain): string {
  const validator = node.gov.store.stake.validators[0];
  return encodeAccAddress(Buffer.from(validator.operatorKey, 'latin1'));
}

function propose(node: SimChain, message: ProposalMsg, title: string, summary: string): void {
  node.deliver(
    govSubmitProposalMsg({
      messages: [message],
      deposit: DEPOSIT,
      proposer: validatorAccount(node),
      title,
      summary,
      metadata: JSON.stringify({ title, summary }),
    }),
  );
}

function planFor(release: number, replan: number, height: bigint, module: string): Plan {
  const name = releaseName(release, replan);
  const info = JSON.stringify({ binaries: { 'linux/amd64': `https://example.org/simd-${name}` }, bumps: module });
  return { name, height, info };
}

/** The next step of the upgrade cycle, if one is due: a new plan, or the pending plan's cancel or replacement. */
function proposeNext(node: SimChain): void {
  const gov = node.gov.store;
  const release = node.upgrade.done.length;
  const base = releaseName(release, 0);
  // Far enough ahead that the proposal passes before the plan's height, whatever the block time.
  const lead = UPGRADE_SPACING > 2n * votingBlocks(node) + 2n ? UPGRADE_SPACING : 2n * votingBlocks(node) + 2n;
  const pending = node.upgrade.pending?.plan;
  const drawnModule = () => new Rng(node.params.seed, 'upgrade', release).pick(BUMPABLE);
  if (!pending) {
    const plan = planFor(release, passedPlansOf(gov, base), node.height + lead, drawnModule());
    propose(node, softwareUpgradeProposal(plan), `Software upgrade ${plan.name}`, `Upgrade at height ${plan.height}.`);
    return;
  }
  const fate = fateOf(node.params.seed, pending.name);
  const left = pending.height - node.height;
  if (fate === 'apply' || left > UPGRADE_SPACING / 2n || left <= votingBlocks(node) + 2n) return;
  if (fate === 'cancel') {
    propose(
      node,
      cancelUpgradeProposal(),
      `Cancel upgrade ${pending.name}`,
      'A blocking issue was found in the release.',
    );
    return;
  }
  const replacement = planFor(
    release,
    passedPlansOf(gov, base),
    pending.height + UPGRADE_SPACING / 2n,
    bumpedModule(pending.info) ?? drawnModule(),
  );
  propose(
    node,
    softwareUpgradeProposal(replacement),
    `Postpone upgrade to ${replacement.name}`,
    `Replaces ${pending.name}.`,
  );
}

function stakerOption(rng: Rng): VoteOption {
  const r = rng.next();
  if (r < 0.7) return 'VOTE_OPTION_YES';
  if (r < 0.85) return 'VOTE_OPTION_NO';
  return r < 0.95 ? 'VOTE_OPTION_ABSTAIN' : 'VOTE_OPTION_NO_WITH_VETO';
}

/** Stakers vote over the voting period; the validator always does, at the latest in its last block. */
function castVotes(node: SimChain, proposal: GovProposal, rng: Rng): void {
  const gov = node.gov.store;
  const interval = Math.max(1, node.time - node.prevTime);
  const lastChance = proposal.votingEndTime !== null && node.time + interval >= proposal.votingEndTime;
  const validator = validatorAccount(node);
  for (const delegation of gov.stake.delegations) {
    if (gov.vote(proposal.id, delegation.delegatorKey)) continue;
    const isValidator = delegation.delegator === validator;
    if (isValidator ? lastChance || rng.chance(0.5) : rng.chance(0.3)) {
      node.deliver(govVoteMsg(proposal.id, delegation.delegator, isValidator ? 'VOTE_OPTION_YES' : stakerOption(rng)));
    }
  }
}

/**
 * One block of the upgrade cycle: at most one upgrade proposal is open at a time. Depends only
 * on the seed, the height and the state, so a replay makes the same blocks.
 */
export function governUpgrades(node: SimChain): void {
  if (openUpgradeProposals(node.gov.store).length === 0) proposeNext(node);
  const rng = new Rng(node.params.seed, 'upgrade-votes', node.height);
  for (const proposal of openUpgradeProposals(node.gov.store)) castVotes(node, proposal, rng);
}
