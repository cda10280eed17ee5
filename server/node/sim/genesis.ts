import { addDemoGroups, addDemoUpgrades } from './scenarios/demo-groups.ts';
import { addDemoPolls } from './scenarios/demo-polls.ts';
import { addDemoProposals } from './scenarios/demo-proposals.ts';
import { addLargeState } from './scenarios/large-scenario.ts';
import { createScenario } from './scenarios/scenario-kit.ts';
import type { Cast, SimChain } from './sim-chain.ts';
import { scheduleNextUpgrade } from './upgrades.ts';

/**
 * Builds the state a dashboard must be able to show: every proposal status, decimal weights,
 * pruning in progress, hostile strings, a large group and a busy voter. It is written as 30 days
 * of dated transactions run through the real state machine, so every rule applies to it.
 */
export function buildGenesis(chain: SimChain): Cast {
  const scenario = createScenario(chain);
  addDemoUpgrades(scenario);
  addDemoGroups(scenario);
  addDemoProposals(scenario);
  addDemoPolls(scenario);
  scenario.at(scenario.G, () => scheduleNextUpgrade(chain));
  scenario.run();
  const cast = scenario.cast;
  if (chain.params.scenario === 'large') addLargeState(chain, cast);
  cast.livePolicies = [cast.policies.coreQuick, cast.policies.communityQuick];
  return cast;
}
