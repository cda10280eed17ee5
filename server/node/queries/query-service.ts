import { unknownError } from '../../lib/grpc-status.ts';
import type { StateSource } from '../chain/committed-state.ts';
import type { PaginationMode } from '../store/paginate.ts';
import { BankQueries } from './bank-queries.ts';
import { GovQueries } from './gov-queries.ts';
import { GroupQueries } from './group-queries.ts';
import { UpgradeQueries } from './upgrade-queries.ts';

const INT64_MAX = (1n << 63n) - 1n;

/** The query servers bound to one height: what every gateway request is answered from. */
export interface Queries {
  readonly height: bigint;
  readonly group: GroupQueries;
  readonly upgrade: UpgradeQueries;
  readonly gov: GovQueries;
  readonly bank: BankQueries;
}

/**
 * The node's side of a query: which state answers it. The height check runs here, in baseapp's
 * order and words, before any query method; the gateway calls it for every route.
 */
export class QueryService {
  constructor(
    private readonly source: StateSource,
    readonly mode: PaginationMode,
  ) {}

  async at(heightHeader: string | undefined): Promise<Queries> {
    const latest = this.source.latestHeight;
    if (latest === 0n) {
      throw unknownError('codespace sdk code 26: invalid height: polity is not ready; please wait for first block');
    }
    const height = this.requestedHeight(heightHeader, latest);
    const state = this.source.stateAt(height);
    if (!state) {
      throw unknownError(
        `codespace sdk code 18: invalid request: failed to load state at height ${height}; ` +
          `version does not exist (latest height: ${latest})`,
      );
    }
    return {
      height: state.height,
      group: new GroupQueries(state.group, this.mode),
      upgrade: new UpgradeQueries(state.upgrade),
      gov: new GovQueries(state.gov),
      bank: new BankQueries(state.group),
    };
  }

  /**
   * True once an upgrade deleted the module's store: the software the node runs from then on has
   * no service for it, so its routes are unknown at every height, those before the upgrade
   * included (as a real node's new binary registers no gateway routes for a module it dropped).
   */
  moduleRemoved(module: string): boolean {
    const latest = this.source.latestHeight;
    if (latest === 0n) return false;
    return this.source.stateAt(latest)?.upgrade.storeDeletedAt(module) !== undefined;
  }

  private requestedHeight(header: string | undefined, latest: bigint): bigint {
    if (header === undefined) return latest;
    const invalidHeader = (reason: string) =>
      unknownError(
        'codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header ' +
          `"x-cosmos-block-height": strconv.ParseInt: parsing ${JSON.stringify(header)}: ${reason}`,
      );
    if (!/^[+-]?\d+$/.test(header)) throw invalidHeader('invalid syntax');
    const height = BigInt(header);
    if (height > INT64_MAX || height < -INT64_MAX - 1n) throw invalidHeader('value out of range');
    if (height < 0n) {
      throw unknownError(
        'codespace sdk code 18: invalid request: cannot query with height < 0; please provide a valid height',
      );
    }
    if (height > latest) {
      throw unknownError(
        'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height',
      );
    }
    return height === 0n ? latest : height;
  }
}
