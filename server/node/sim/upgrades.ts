import { Rng } from '../lib/rng.ts';
import { upgradedConsensusState } from './consensus-state.ts';
import { BLOCK_MS, type SimChain } from './sim-chain.ts';
import { softwareUpgradeMsg } from './tx-messages.ts';

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
/** Blocks between a plan being scheduled and applied on the live chain (10 minutes at 5 s). */
export const UPGRADE_SPACING = 120n;

/** Schedules the chain's next software upgrade, bumping one module's consensus version. */
export function scheduleNextUpgrade(node: SimChain): void {
  const n = node.upgrade.done.length;
  const rng = new Rng(node.params.seed, 'upgrade', n);
  const module = rng.pick(BUMPABLE);
  const current = Number(node.upgrade.version(module) ?? 0n);
  const height = node.height + UPGRADE_SPACING;
  const name = `v${n + 4}-${CODENAMES[n % CODENAMES.length]}${n >= CODENAMES.length ? `-${Math.floor(n / CODENAMES.length)}` : ''}`;
  const info = JSON.stringify({ binaries: { 'linux/amd64': `https://example.org/simd-${name}` }, bumps: module });
  const estimatedTime = node.time + Number(UPGRADE_SPACING) * BLOCK_MS;
  // The new binary's handler bumps one module; governance then schedules the plan by message.
  node.upgrade.registerHandler(
    name,
    { [module]: current + 1 },
    upgradedConsensusState(node.params.seed, height, estimatedTime),
  );
  node.deliver(softwareUpgradeMsg({ name, height, info }));
}
