import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { AuditorGenesis } from '../verify/bundle-verify.ts';
import { failed } from '../verify/problem-codes.ts';
import { genesisValidatorSet } from '../verify/trust/genesis-set.ts';
import { durationJsonSeconds } from '../verify/trust/trusting-period.ts';
import { validatorSetHashOf } from '../verify/trust/validator-set.ts';

// --genesis FILE: a genesis the auditor has (the file a chain publishes, or a node's /genesis
// answer saved whole). Its SHA-256 is of the file's bytes, the hash chains publish beside it.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The genesis document in a file: the document itself, or an RPC answer holding it. */
function documentOf(parsed: unknown): Json | null {
  if (!isObject(parsed)) return null;
  if (isObject(parsed.result) && isObject(parsed.result.genesis)) return parsed.result.genesis;
  if (isObject(parsed.genesis)) return parsed.genesis;
  return parsed;
}

/** x/staking's unbonding time in the genesis's app state, in seconds; null when it says none. */
function unbondingSecondsOf(document: Json): bigint | null {
  const appState = isObject(document.app_state) ? document.app_state : null;
  const staking = appState && isObject(appState.staking) ? appState.staking : null;
  const params = staking && isObject(staking.params) ? staking.params : null;
  return durationJsonSeconds(params?.unbonding_time);
}

/** The auditor's genesis (with the unbonding time it sets, for the trusting period), or why it cannot be read as one. */
export function readGenesisFile(
  path: string,
): (AuditorGenesis & { unbondingSeconds: bigint | null }) | { message: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { message: `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return { message: `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const document = documentOf(parsed);
  if (!document || typeof document.chain_id !== 'string') return { message: `${path} is not a genesis (no chain_id)` };
  const set = genesisValidatorSet(document);
  if (failed(set)) return { message: `${path}: ${set.problem}` };
  // A set CometBFT would refuse is a file that is not what --genesis takes (exit 2), found here
  // rather than as a refusal of the bundle (exit 1) later.
  const hashed = validatorSetHashOf(set.validators);
  if (failed(hashed))
    return { message: `${path}: its first validators are not a set CometBFT accepts: ${hashed.problem}` };
  return {
    chainId: document.chain_id,
    initialHeight: typeof document.initial_height === 'string' ? document.initial_height : '1',
    genesisTime: typeof document.genesis_time === 'string' ? document.genesis_time : '',
    validators: set.validators,
    setFrom: set.from,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    unbondingSeconds: unbondingSecondsOf(document),
  };
}
