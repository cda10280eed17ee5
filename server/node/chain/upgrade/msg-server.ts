import { ChainError } from '../chain-error.ts';
import { isGoZeroTime, type ProtoTime } from '../gov/gov-records.ts';
import { GOV_MODULE_ADDRESS } from '../gov/module-account.ts';
import type { Millis } from '../records.ts';
import type { Plan, UpgradeKeeper } from './keeper.ts';

// x/upgrade's Msg service. Its authority is the gov module account (as simapp wires it), so in
// practice these run when x/gov executes a passed proposal; a transaction naming any other
// authority is refused with the module's own error.

const invalidRequest = (message: string) => new ChainError(`${message}: invalid request`, 'sdk', 18);

function requireAuthority(authority: string): void {
  if (authority !== GOV_MODULE_ADDRESS) {
    throw new ChainError(
      `expected ${GOV_MODULE_ADDRESS} got ${authority}: expected authority account as only signer for proposal message`,
      'upgrade',
      6,
    );
  }
}

/** Plan.ValidateBasic. */
function validatePlan(plan: Plan, time: ProtoTime): void {
  if (!isGoZeroTime(time)) throw invalidRequest('time-based upgrades have been deprecated in the SDK');
  if (plan.name === '') throw invalidRequest('name cannot be empty');
  if (plan.height <= 0n) throw invalidRequest('height must be greater than 0');
}

export function softwareUpgrade(
  keeper: UpgradeKeeper,
  msg: { authority: string; plan: Plan; planTime: ProtoTime },
  at: { height: bigint; time: Millis },
): void {
  requireAuthority(msg.authority);
  validatePlan(msg.plan, msg.planTime);
  keeper.scheduleUpgrade(msg.plan, at);
}

export function cancelUpgrade(keeper: UpgradeKeeper, msg: { authority: string }): void {
  requireAuthority(msg.authority);
  keeper.clearPlan();
}
