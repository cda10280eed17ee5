import { LOCAL_CHAIN_NAME } from '../lib/chain-listing.ts';
import type { ServedChainJson } from '../lib/served-chain-json.ts';
import type { ArchiveSource } from './api/archive-source.ts';
import { ReadCopies } from './api/read-copies.ts';
import { archiveChainName } from './chain-name.ts';
import { DEFAULT_BATCH, Follower } from './follower/follower.ts';
import type { ArchiveFrom, FollowerOptions } from './follower/lane/follower-state.ts';
import { RestReader } from './source/rest-reader.ts';
import { RpcReader } from './source/rpc-reader.ts';
import { ArchiveStore } from './store/archive-store.ts';
import { chainSchema } from './store/chain-schema.ts';
import { WebhookDelivery } from './webhooks/webhook-delivery.ts';
import type { WebhookConfig } from './webhooks/webhook-options.ts';

export interface ArchiveConfig {
  /** `postgres://…` for a PostgreSQL server; otherwise a directory for the embedded PGlite. */
  database: string;
  /** On a PostgreSQL server: the schema this chain's archive lives in (default: the server's default). */
  schema?: string;
  /**
   * The chain followed, when known before its node is asked (the local chain): on PostgreSQL
   * without a schema, its archive lives in a schema named after it, beside other chains'.
   */
  chainId?: string;
  rest: string;
  rpc: string;
  /** Blocks fetched ahead while catching up (--archive-batch); the follower's default without. */
  batch?: number;
  pollMs: number;
  /** Where a new archive begins (default: the node's earliest block). */
  from?: ArchiveFrom;
  /** Fill gaps in the background from the node where it keeps their heights (--archive-fill; default on). */
  fillGaps?: boolean;
  /** Receivers of a JSON POST per archived event (--webhook); none without. */
  webhooks?: WebhookConfig | null;
  /** What the light client trusts (--trust): the genesis validators by default; null: no proofs. */
  trust?: FollowerOptions['trust'];
  /** Other nodes of the chain asked for the same headers (--witness; a --chain's registry endpoints). */
  witnesses?: FollowerOptions['witnesses'];
  /**
   * A chain served by its registry name (--chain): `rest` and `rpc` are then the relay's fixed
   * addresses, and this says which registry endpoint stands behind each now, shown in the status.
   */
  endpoints?: () => ServedChainJson;
  /** Hot standbys of `database` the API reads from (--archive-read-db; PostgreSQL only). */
  readDatabases?: readonly string[];
  log: (line: string) => void;
}

/** One archive: its store, the follower filling it, and what the API reads. */
export interface Archive extends ArchiveSource {
  readonly follower: Follower;
  close(): Promise<void>;
}

/** The node the archive follows, as its status names it; a registry chain's endpoints are read when the status is. */
function sourceOf(config: ArchiveConfig): ArchiveSource['source'] {
  const { rest, rpc, endpoints } = config;
  if (!endpoints) return { rest, rpc };
  return {
    rest,
    rpc,
    get registry_endpoints() {
      const chain = endpoints();
      return { rest: chain.rest, rpc: chain.rpc };
    },
  };
}

/** The primary and its replicas; a replica is opened (its schema checked) once it can be. */
async function openReadCopies(
  primary: ArchiveStore,
  urls: readonly string[],
  schema: string | undefined,
): Promise<ReadCopies> {
  const replicas = urls.map((url) => ({ url, open: () => ArchiveStore.openStandby(url, schema) }));
  const reads = new ReadCopies(primary, replicas);
  await reads.start();
  return reads;
}

/**
 * Opens the store (migrating it), connects to the node and starts following. `name` is what the
 * follower's log lines call the archive (`archive local: …`), and what its webhooks and feeds call
 * its chain.
 */
export async function startArchive(config: ArchiveConfig, name = LOCAL_CHAIN_NAME): Promise<Archive> {
  const postgres = /^postgres(ql)?:\/\//.test(config.database);
  const schema =
    config.schema ?? (postgres && config.chainId ? await chainSchema(config.database, config.chainId) : undefined);
  const store = await ArchiveStore.open(config.database, schema);
  const reads = await openReadCopies(store, config.readDatabases ?? [], schema);
  const rpc = await RpcReader.connect(config.rpc);
  const follower = new Follower(store, rpc, new RestReader(config.rest), {
    batch: config.batch ?? DEFAULT_BATCH,
    from: config.from,
    rpcUrl: config.rpc,
    pollMs: config.pollMs,
    fillGaps: config.fillGaps,
    trust: config.trust,
    witnesses: config.witnesses,
    name,
    log: config.log,
  });
  follower.start();
  // Beside the follower, never in its loop: a slow receiver holds up nothing archived.
  // A registry chain's display name is the bundled registry's: read once, it does not change.
  const chain = archiveChainName(name, config.endpoints?.());
  // Its lines say which archive they are about, as the follower's do.
  const webhookLog = (line: string) => config.log(`archive ${name}: ${line}`);
  const webhooks = config.webhooks ? new WebhookDelivery(store, config.webhooks, chain, webhookLog) : null;
  webhooks?.start();
  return {
    store,
    follower,
    source: sourceOf(config),
    chain,
    reads,
    async close() {
      await webhooks?.stop();
      await follower.stop();
      await reads.close();
      rpc.disconnect();
      await store.close();
    },
  };
}
