import type { BlockHashScheme } from '../chain/block-header.ts';
import type { GovKeeper } from '../chain/gov/keeper.ts';
import type { GroupKeeper } from '../chain/group/keeper.ts';
import type { Millis } from '../chain/records.ts';
import type { ChainMsg } from '../chain/tx/chain-msgs.ts';
import type { UpgradeKeeper } from '../chain/upgrade/keeper.ts';
import type { Accounts } from './activity/accounts.ts';

// What the simulator's parts (genesis scenarios, live activity, upgrades) see of the chain they
// run on: its parameters, keepers and clock. The node implements it; the parts never import it.

export type Scenario = 'demo' | 'large';

/** What defines a chain: the same params give the same chain, block for block. */
export interface ChainParams {
  seed: string;
  genesisTime: Millis;
  scenario: Scenario;
  /** Voting period of the policies the simulator submits live proposals to, in seconds. */
  livePeriodS: number;
  /** Absent in data dirs written before blocks had CometBFT header hashes: they keep their own. */
  blockHashes?: BlockHashScheme;
  /** Transactions name their signer's account sequence; absent in data dirs written before they did. */
  signerSequences?: true;
  /**
   * Where people's keys come from, when not the seed: two chains begun with the same accounts seed
   * have the same people (the same keys), as the same members sit on many real chains.
   */
  accountsSeed?: string;
  /**
   * Where the validators' keys come from, when not the seed: the same chain (id, state, blocks)
   * signed by other validators, a fork a light client's witness must catch. Tests only: a chain
   * with a data dir does not take it.
   */
  validatorsSeed?: string;
  /**
   * The upgrade plan whose application removes x/group (--drop-group-at), as a chain leaving the
   * module does with StoreUpgrades{Deleted: ["group"]}; absent: the chain keeps it.
   */
  dropGroupAt?: string;
}

/** Names the tests, benchmarks and the live simulator use to find things in the genesis state. */
export interface Cast {
  people: Record<string, string>;
  groups: Record<string, bigint>;
  policies: Record<string, string>;
  proposals: Record<string, bigint>;
  /** Policies the simulator submits live proposals to. */
  livePolicies: string[];
  communityMembers: string[];
}

/** Block spacing of the genesis history (live blocks follow --block-time). */
export const BLOCK_MS = 5000;

export interface SimChain {
  readonly params: ChainParams;
  readonly accounts: Accounts;
  readonly group: GroupKeeper;
  readonly upgrade: UpgradeKeeper;
  readonly gov: GovKeeper;
  readonly height: bigint;
  readonly time: Millis;
  /** Time of the block before the current one. */
  readonly prevTime: Millis;
  readonly cast: Cast;
  /** Executes one block: upgrade at its height, the block's transactions, then the end-blockers. */
  block(height: bigint, time: Millis, txs: () => void): void;
  /** Runs one transaction of the current block; a refused one fails and changes nothing. */
  deliver(msg: ChainMsg): void;
}

/** The seed the chain's validator keys come from. */
export const validatorSeedOf = (params: Pick<ChainParams, 'seed' | 'validatorsSeed'>) =>
  params.validatorsSeed ?? params.seed;
