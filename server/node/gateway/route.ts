import type { BlockSource } from '../queries/block-source.ts';
import type { Queries } from '../queries/query-service.ts';
import { emptyPageRequest, type PageRequest } from '../store/paginate.ts';
import type { ParamKind } from './path-params.ts';

/** Which fields of the request message the query string may fill. */
export type QueryKind = 'none' | 'pagination' | 'module_name' | 'gov_proposals';

type Segment = { literal: string } | { param: string; kind: ParamKind };

/** A request after the gateway's parsing: integers parsed, addresses and names still text. */
export class RouteRequest {
  readonly integers = new Map<string, bigint>();
  readonly texts = new Map<string, string>();
  pagination: PageRequest = emptyPageRequest();
  moduleName = '';
  /** QueryProposalsRequest's filters (x/gov). */
  govFilter = { proposalStatus: 0, voter: '', depositor: '' };

  integer(name: string): bigint {
    const value = this.integers.get(name);
    if (value === undefined) throw new Error(`route has no integer parameter ${name}`);
    return value;
  }

  text(name: string): string {
    const value = this.texts.get(name);
    if (value === undefined) throw new Error(`route has no text parameter ${name}`);
    return value;
  }
}

export interface Route {
  readonly pattern: string;
  readonly segments: readonly Segment[];
  readonly query: QueryKind;
  /**
   * Calls the query method and encodes its answer: the two steps a route decides. `blocks` is
   * the node's block store (undefined when the node serves no blocks), for the block service.
   */
  answer(queries: Queries, request: RouteRequest, blocks: BlockSource | undefined): Promise<string>;
}

/**
 * Declares a route: `pattern` names each path parameter and its kind
 * (`cosmos/group/v1/group_info/{group_id:uint64}`); parsing, the height check and error
 * handling are the gateway's, the same for every route.
 */
export function route<Result>(
  pattern: string,
  query: QueryKind,
  call: (queries: Queries, request: RouteRequest, blocks: BlockSource | undefined) => Promise<Result>,
  encode: (result: Result) => string,
): Route {
  const segments = pattern.split('/').map((part): Segment => {
    const match = /^\{(\w+):(uint64|int64|address|string)\}$/.exec(part);
    return match ? { param: match[1], kind: match[2] as ParamKind } : { literal: part };
  });
  return {
    pattern,
    segments,
    query,
    answer: async (queries, request, blocks) => encode(await call(queries, request, blocks)),
  };
}

/** grpc-gateway v1 matching: same segment count, literals equal, a variable takes any segment. */
export function matchRoute(routes: readonly Route[], components: string[]): { route: Route; values: string[] } | null {
  for (const candidate of routes) {
    if (candidate.segments.length !== components.length) continue;
    const values: string[] = [];
    const matches = candidate.segments.every((segment, index) => {
      if ('literal' in segment) return segment.literal === components[index];
      values.push(components[index]);
      return true;
    });
    if (matches) return { route: candidate, values };
  }
  return null;
}
