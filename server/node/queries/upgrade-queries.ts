import { unknownError } from '../../lib/grpc-status.ts';
import { GOV_MODULE_ADDRESS } from '../chain/gov/module-account.ts';
import type { Plan, UpgradeView } from '../chain/upgrade/keeper.ts';
import type { HeightRequest, ModuleVersionsRequest, NameRequest } from './requests.ts';

export interface ModuleVersion {
  name: string;
  version: bigint;
}

/** x/upgrade's Query service. */
export class UpgradeQueries {
  constructor(private readonly keeper: UpgradeView) {}

  async currentPlan(): Promise<Plan | null> {
    return this.keeper.pending?.plan ?? null;
  }

  /** The height a plan was applied at, 0 when no plan of that exact name was. */
  async appliedPlan({ name }: NameRequest): Promise<bigint> {
    return this.keeper.appliedHeight(name);
  }

  async upgradedConsensusState({ lastHeight }: HeightRequest): Promise<Uint8Array | null> {
    return this.keeper.consensusState(lastHeight) ?? null;
  }

  async moduleVersions({ moduleName }: ModuleVersionsRequest): Promise<ModuleVersion[]> {
    const versions = this.keeper.sortedVersions();
    if (moduleName === '') return versions;
    const named = versions.filter((entry) => entry.name === moduleName);
    if (named.length === 0) {
      throw unknownError(
        `codespace upgrade code 2: module version not found: x/upgrade: QueryModuleVersions module ${moduleName} not found`,
      );
    }
    return named;
  }

  async authority(): Promise<string> {
    return GOV_MODULE_ADDRESS;
  }
}
