import { ApiError, invalidArgument, notImplemented, unknown } from './api-error.ts';
import { matchRoute, type ChainView } from './api-routes.ts';
import { parseGoQuery } from './go-query.ts';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ApiContext extends Omit<ChainView, 'enter'> {
  readonly height: bigint;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** True when the path is one of the API's routes (used by the proxy to refuse anything else). */
export function isApiPath(rawPath: string): boolean {
  try {
    return matchRoute(decodeURIComponent(rawPath).slice(1).split('/')) !== null;
  } catch {
    return false;
  }
}

function checkHeight(header: string | undefined, height: bigint): void {
  if (header === undefined) return;
  if (!/^[+-]?\d+$/.test(header)) {
    throw invalidArgument(
      `Baseapp.RegisterGRPCServer: invalid height header "${header}": strconv.ParseInt: parsing "${header}": invalid syntax`,
    );
  }
  const h = BigInt(header);
  if (h < 0n)
    throw unknown(
      'codespace sdk code 18: invalid request: cannot query with height < 0; please provide a valid height',
    );
  if (h > height) {
    throw unknown(
      'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height',
    );
  }
  // Only the latest state is kept, as on a node with pruning "everything".
  if (h !== 0n && h < height) {
    throw unknown(
      `codespace sdk code 18: invalid request: failed to load state at height ${h}; version does not exist (latest height: ${height})`,
    );
  }
}

/** One API request, answered as the Cosmos SDK REST gateway would; never throws. */
export function handleApi(
  ctx: ApiContext,
  method: string,
  rawPath: string,
  rawQuery: string,
  heightHeader?: string,
): ApiResponse {
  try {
    if (method !== 'GET') throw notImplemented();
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: '400 Bad Request' };
    }
    const m = matchRoute(path.slice(1).split('/'));
    if (!m) throw notImplemented();
    const query = m.route.hasQuery ? parseGoQuery(rawQuery) : new Map<string, string[]>();
    const enter = () => {
      if (ctx.height === 0n) {
        throw unknown('codespace sdk code 26: invalid height: polity is not ready; please wait for first block');
      }
      checkHeight(heightHeader, ctx.height);
    };
    const body = m.route.run({ ...ctx, enter }, m.params, query);
    return {
      status: 200,
      headers: {
        ...JSON_TYPE,
        'Grpc-Metadata-Content-Type': 'application/grpc',
        'Grpc-Metadata-X-Cosmos-Block-Height': String(ctx.height),
        'X-Cosmos-Block-Height': String(ctx.height),
      },
      body,
    };
  } catch (e) {
    const err = e instanceof ApiError ? e : unknown('internal error');
    if (!(e instanceof ApiError)) console.error('query failed', e);
    return { status: err.http, headers: JSON_TYPE, body: err.body() };
  }
}
