import { GrpcStatusError, notImplemented, unknownError } from '../../lib/grpc-status.ts';
import type { BlockSource } from '../queries/block-source.ts';
import type { QueryService } from '../queries/query-service.ts';
import { parseGoQuery } from './go-query.ts';
import { errorBody, httpStatusOf } from './json/error-body.ts';
import { parseGovFilter, parsePageRequest } from './page-request.ts';
import { parseIntegerParam } from './path-params.ts';
import { matchRoute, RouteRequest, type Route } from './route.ts';
import { ROUTES } from './routes.ts';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The route a path names, or null (the proxy uses it to refuse anything that is not the API). */
export function findRoute(decodedPath: string): { route: Route; values: string[] } | null {
  return matchRoute(ROUTES, decodedPath.slice(1).split('/'));
}

/** True when the path is one of the API's routes. */
export function isApiPath(rawPath: string): boolean {
  try {
    return findRoute(decodeURIComponent(rawPath)) !== null;
  } catch {
    return false;
  }
}

/** The module whose service answers a route: `cosmos/group/v1/…` → `group`. */
const moduleOfRoute = (route: Route) => route.pattern.split('/')[1] ?? '';

/** The gateway's own parsing, in the generated handler's order: query string, then path, then fields. */
function parseRequest(route: Route, values: string[], rawQuery: string): RouteRequest {
  const query = route.query === 'none' ? new Map<string, string[]>() : parseGoQuery(rawQuery);
  const request = new RouteRequest();
  let valueIndex = 0;
  for (const segment of route.segments) {
    if ('literal' in segment) continue;
    const value = values[valueIndex++];
    if (segment.kind === 'uint64' || segment.kind === 'int64') {
      request.integers.set(segment.param, parseIntegerParam(segment.kind, segment.param, value));
    } else request.texts.set(segment.param, value);
  }
  if (route.query === 'pagination' || route.query === 'gov_proposals') request.pagination = parsePageRequest(query);
  if (route.query === 'gov_proposals') request.govFilter = parseGovFilter(query);
  if (route.query === 'module_name')
    request.moduleName = (query.get('module_name') ?? query.get('moduleName'))?.[0] ?? '';
  return request;
}

/**
 * One API request, answered as the Cosmos SDK REST gateway would: route → parse → height check
 * → query method → encode, the same steps in the same order for every route. Never throws.
 */
export async function handleApi(
  service: QueryService,
  method: string,
  rawPath: string,
  rawQuery: string,
  heightHeader?: string,
  blocks?: BlockSource,
): Promise<ApiResponse> {
  let metadata: Record<string, string> = {};
  try {
    if (method !== 'GET') throw notImplemented();
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: '400 Bad Request' };
    }
    const matched = findRoute(path);
    if (!matched) throw notImplemented();
    // A module an upgrade removed has no service from then on: its routes answer as unknown ones.
    if (service.moduleRemoved(moduleOfRoute(matched.route))) throw notImplemented();
    const request = parseRequest(matched.route, matched.values, rawQuery);
    const queries = await service.at(heightHeader);
    // From here the query server has answered, with a height: errors carry its metadata too.
    metadata = {
      'Grpc-Metadata-Content-Type': 'application/grpc+cosmos-sdk-grpc-codec',
      'Grpc-Metadata-X-Cosmos-Block-Height': String(queries.height),
    };
    const body = await matched.route.answer(queries, request, blocks);
    return {
      status: 200,
      headers: { ...JSON_TYPE, ...metadata, 'X-Cosmos-Block-Height': String(queries.height) },
      body,
    };
  } catch (error) {
    const status = error instanceof GrpcStatusError ? error : unknownError('internal error');
    if (!(error instanceof GrpcStatusError)) console.error('query failed', error);
    return { status: httpStatusOf(status), headers: { ...JSON_TYPE, ...metadata }, body: errorBody(status) };
  }
}
