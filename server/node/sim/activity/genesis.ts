import { GENESIS_GOV_PARAMS } from '../../chain/gov/gov-params.ts';
import { addDemoGroups, addDemoUpgrades } from '../scenarios/demo-groups.ts';
import { addDemoPolls } from '../scenarios/demo-polls.ts';
import { addDemoProposals } from '../scenarios/demo-proposals.ts';
import { addLargeState } from '../scenarios/large-scenario.ts';
import { createScenario } from '../scenarios/scenario-kit.ts';
import type { Cast, SimChain } from '../sim-chain.ts';
import { genesisStake } from './genesis-stake.ts';
import { governUpgrades } from './upgrades.ts';

/**
 * Builds the state a dashboard must be able to show: every proposal status, decimal weights,
 * pruning in progress, hostile strings, a large group and a busy voter. It is written as 30 days
 * of dated transactions run through the real state machine, so every rule applies to it.
 */
export function buildGenesis(chain: SimChain): Cast {
  chain.gov.store.setGenesis(GENESIS_GOV_PARAMS, genesisStake(chain.accounts));
  const scenario = createScenario(chain);
  addDemoUpgrades(scenario);
  addDemoGroups(scenario);
  addDemoProposals(scenario);
  addDemoPolls(scenario);
  // The first live release is proposed through x/gov just before genesis and passes at it.
  scenario.at(scenario.G - 30_000, () => governUpgrades(chain));
  scenario.at(scenario.G - 25_000, () => governUpgrades(chain));
  scenario.at(scenario.G, () => undefined);
  scenario.run();
  const cast = scenario.cast;
  if (chain.params.scenario === 'large') addLargeState(chain, cast);
  cast.livePolicies = [cast.policies.coreQuick, cast.policies.communityQuick];
  return cast;
}
