import type { ArchiveConfig } from './archive/archive-service.ts';

/** A proxied chain an archive keeps: its name, its node's REST and RPC, and its registry endpoints (--chain). */
export interface ArchivedUpstream {
  name: string;
  rest: string;
  rpc: string;
  endpoints?: ArchiveConfig['endpoints'];
}

/**
 * The archive of an upstream chain, beside the local chain's: its own database (on PostgreSQL a
 * schema of its own; on PGlite a directory beside the local one), following its own node.
 */
export function upstreamArchiveConfig(
  upstream: ArchivedUpstream,
  local: Omit<ArchiveConfig, 'rest' | 'rpc' | 'schema' | 'chainId' | 'endpoints'>,
): ArchiveConfig {
  const postgres = /^postgres(ql)?:\/\//.test(local.database);
  return {
    ...local,
    // A height names a height of the local chain; an upstream starts at its own earliest block.
    from: typeof local.from === 'bigint' ? 'earliest' : local.from,
    database: postgres ? local.database : `${local.database}-${upstream.name}`,
    schema: postgres ? `upstream_${upstream.name.toLowerCase().replace(/-/g, '_')}` : undefined,
    rest: upstream.rest,
    rpc: upstream.rpc,
    endpoints: upstream.endpoints,
  };
}
