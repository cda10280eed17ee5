import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { archiveMount } from './archive/api/archive-mount.ts';
import { ArchiveRegistry } from './archive/archive-registry.ts';
import type { ArchiveConfig } from './archive/archive-service.ts';
import { parseArchiveFrom } from './archive/follower/begin/start-point.ts';
import { parseWebhookOptions, SECRET_VARIABLE, webhookSecretFrom } from './archive/webhooks/webhook-options.ts';
import { bundledRegistry } from './chains/bundled-registry.ts';
import { probeEndpoint } from './chains/endpoint-probe.ts';
import { resolveChain } from './chains/resolve-chain.ts';
import { serveChains } from './chains/served-chain.ts';
import { learnUpstreamFacts } from './chains/upstream-facts.ts';
import {
  archiveTrustOptions,
  checkRegistryChains,
  CLI_OPTIONS,
  parseArchiveBatch,
  parseReadDatabases,
  REGISTRY_PROBING,
  USAGE,
} from './cli-options.ts';
import { localListing } from './lib/chain-listing.ts';
import { keepHeapModest } from './lib/modest-heap.ts';
import { createPolityServer, createRpcServer } from './node/gateway/http/http-server.ts';
import { parseUpstream, type Upstream } from './node/gateway/proxy/upstream-proxy.ts';
import { genesisOf } from './node/genesis-document.ts';
import { QueryService } from './node/queries/query-service.ts';
import { ChainNode } from './node/sim/chain-node.ts';
import { lockDataDir } from './node/sim/files/data-dir-lock.ts';
import type { Scenario } from './node/sim/sim-chain.ts';
import { upstreamArchiveConfig } from './upstream-archive-config.ts';

async function main(): Promise<void> {
  keepHeapModest();
  const { values } = parseArgs({ options: CLI_OPTIONS });
  if (values.help) return void process.stdout.write(USAGE);
  const scenario = values.scenario as Scenario;
  if (scenario !== 'demo' && scenario !== 'large') throw new Error(`unknown --scenario ${values.scenario}`);
  if (values.compat !== undefined && values.compat !== 'sdk') throw new Error('--compat takes only "sdk"');
  const blockTime = Number(values['block-time']);
  const livePeriodS = Number(values['live-period']);
  if (!(blockTime >= 10)) throw new Error('--block-time must be at least 10 ms');
  if (!(livePeriodS >= 1) || !Number.isInteger(livePeriodS))
    throw new Error('--live-period must be a whole number of seconds');
  const genesisTime = values['genesis-time'] ? Date.parse(values['genesis-time']) : Date.now();
  if (Number.isNaN(genesisTime)) throw new Error('--genesis-time is not a valid time');
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  const dataDir = resolve(values['data-dir'] ?? process.env.POLITY_DATA_DIR ?? '.polity-data');
  const upstreams = (values.upstream ?? []).map(parseUpstream);
  const wholeNumber = (name: string, text: string) => {
    if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number`);
    return Number(text);
  };
  const keepRecent = wholeNumber('keep-recent', values['keep-recent']);
  const keepBlocks = wholeNumber('keep-blocks', values['keep-blocks']);
  const upstreamMaxBytes = wholeNumber('upstream-max-bytes', values['upstream-max-bytes']);
  if (upstreamMaxBytes < 1) throw new Error('--upstream-max-bytes must be at least 1');
  const rpcPort = values['rpc-port'] === 'off' ? null : wholeNumber('rpc-port', values['rpc-port']);
  if (values.archive !== 'on' && values.archive !== 'off') throw new Error('--archive takes on or off');
  const archiveBatch = parseArchiveBatch(values['archive-batch']);
  const archiveFrom = parseArchiveFrom(values['archive-from']);
  if (values['archive-fill'] !== 'on' && values['archive-fill'] !== 'off')
    throw new Error('--archive-fill takes on or off');
  const readDatabases = parseReadDatabases(values['archive-read-db'] ?? [], values['archive-db']);
  const upstreamRpcs = (values['upstream-rpc'] ?? []).map(parseUpstream);
  for (const rpc of upstreamRpcs) {
    if (!upstreams.some((upstream) => upstream.name === rpc.name)) {
      throw new Error(`--upstream-rpc ${rpc.name} has no matching --upstream ${rpc.name}=REST_URL`);
    }
  }
  const registryChains = (values.chain ?? []).map((name) => resolveChain(name, bundledRegistry));
  checkRegistryChains(
    registryChains,
    upstreams.map((upstream) => upstream.name),
  );
  const { trusts, witnessesOf } = archiveTrustOptions(
    values.trust ?? [],
    values.witness ?? [],
    upstreamRpcs.map((rpc) => rpc.name),
    registryChains,
  );
  const secret = webhookSecretFrom({
    option: values['webhook-secret'],
    file: values['webhook-secret-file'],
    environment: process.env[SECRET_VARIABLE],
  });
  const webhooks = parseWebhookOptions(values.webhook ?? [], secret, values.archive === 'on');
  const archives = new ArchiveRegistry();

  const started = performance.now();
  lockDataDir(dataDir);
  const node = ChainNode.open({
    seed: values.seed,
    accountsSeed: values['accounts-seed'],
    dropGroupAt: values['drop-group-at'],
    genesisTime,
    scenario,
    livePeriodS,
    dataDir,
    reset: values.reset,
    keepRecent,
    keepBlocks,
  });
  const { snapshotHeight, replayedBlocks } = node.restoration;
  const origin = snapshotHeight === null ? 'genesis' : `the snapshot at height ${snapshotHeight}`;
  console.log(
    `chain ready at height ${node.height} in ${Math.round(performance.now() - started)} ms ` +
      `(from ${origin}, ${replayedBlocks} blocks replayed; data: ${dataDir})`,
  );

  // Asked only now: the chain's opening above holds the thread, and would make their deadlines pass unheard.
  const served = await serveChains(registryChains, {
    ...REGISTRY_PROBING,
    probe: probeEndpoint,
    log: (line) => console.log(line),
  });
  const servedUpstreams = served.chains.map((chain): Upstream => ({
    name: chain.chain.name,
    url: new URL(chain.restUrl),
    chain: chain.json,
  }));
  /** Every proxied chain with an RPC to archive: --upstream-rpc ones, then --chain ones (read through the relay). */
  const archivedUpstreams: {
    name: string;
    rest: string;
    rpc: string;
    endpoints?: ArchiveConfig['endpoints'];
    /** A registry chain's archive opens once its endpoints were asked: nothing to follow before, and the first answer comes sooner. */
    after?: Promise<void>;
  }[] = [
    ...upstreamRpcs.map((rpc) => ({
      name: rpc.name,
      rest: upstreams.find((upstream) => upstream.name === rpc.name)!.url.href,
      rpc: rpc.url.href,
    })),
    ...served.chains.flatMap((chain) =>
      chain.rpcUrl === null
        ? []
        : [
            {
              name: chain.chain.name,
              rest: chain.restUrl,
              rpc: chain.rpcUrl,
              endpoints: chain.json,
              after: served.firstRound,
            },
          ],
    ),
  ];

  // What each --upstream node says of itself (chain id, address prefix), learned in the background.
  const saidBy = new Map(
    upstreams.map((upstream) => {
      const rpc = upstreamRpcs.find((candidate) => candidate.name === upstream.name)?.url.href ?? null;
      return [upstream.name, learnUpstreamFacts({ rest: upstream.url.href, rpc }).facts] as const;
    }),
  );
  const archived = (upstream: Upstream) =>
    values.archive === 'on' && archivedUpstreams.some((one) => one.name === upstream.name);
  const mode = values.compat === 'sdk' ? 'sdk' : 'extended';
  const queries = new QueryService(node, mode);
  const genesis = genesisOf(node.params);
  const server = createPolityServer({
    queries,
    blocks: node,
    genesis,
    distDir: resolve(values.dist),
    upstreams: [
      ...upstreams.map((upstream) => ({ ...upstream, said: saidBy.get(upstream.name) })),
      ...servedUpstreams,
    ].map((upstream) => ({ ...upstream, archived: archived(upstream) })),
    localChain: localListing(node.chainId, values.archive === 'on'),
    upstreamLimits: { maxBytes: upstreamMaxBytes },
    durability: node,
    cors: values.cors,
    mounts: [archiveMount(values.archive === 'on' ? archives : undefined)],
  });
  const rpcServer = rpcPort === null ? null : createRpcServer(node, genesis);
  rpcServer?.on('error', (error: NodeJS.ErrnoException) => {
    // The RPC stays reachable under /rpc/ on the main port, so a taken RPC port is not fatal.
    const reason = error.code === 'EADDRINUSE' ? 'is already in use' : `cannot be opened (${error.message})`;
    console.warn(`RPC port ${rpcPort} ${reason}: the CometBFT RPC is served under /rpc/ only`);
  });
  rpcServer?.listen(rpcPort ?? 0, values.host, () => {
    console.log(`CometBFT RPC on http://${values.host}:${rpcPort}/ (and under /rpc/)`);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `port ${port} is already in use: set PORT or --port`
        : `cannot listen: ${error.message}`,
    );
    process.exit(2);
  });
  const timer = setInterval(() => node.produceBlock(Date.now()), blockTime);
  // A chain just begun makes its first block now: until then a new archive has no state to begin from.
  if (node.restoration.snapshotHeight === null && node.restoration.replayedBlocks === 0) node.produceBlock(Date.now());
  server.listen(port, values.host, () => {
    const local = `http://${values.host === '0.0.0.0' ? '127.0.0.1' : values.host}:${port}`;
    const opening: Promise<void>[] = [];
    if (values.archive === 'on') {
      const database = values['archive-db'] ?? join(dataDir, 'archive');
      const common = {
        batch: archiveBatch,
        from: archiveFrom,
        pollMs: Math.min(blockTime, 1000),
        webhooks,
        fillGaps: values['archive-fill'] === 'on',
        readDatabases,
        log: (line: string) => console.log(line),
      };
      opening.push(
        archives.open('', {
          ...common,
          database,
          chainId: node.chainId,
          rest: local,
          rpc: `${local}/rpc`,
          trust: trusts.get('local'),
          witnesses: witnessesOf('local'),
        }),
      );
      for (const upstream of archivedUpstreams)
        opening.push(
          archives.open(
            upstream.name,
            upstreamArchiveConfig(upstream, {
              ...common,
              database,
              trust: trusts.get(upstream.name),
              witnesses: witnessesOf(upstream.name),
            }),
            upstream.after,
          ),
        );
    }
    // Up means every page answers: the archive's API too, not a 503 while its database opens.
    void Promise.all(opening).then(() => {
      console.log(`Polity on http://${values.host}:${port}/  (API under /cosmos/, mode ${mode})`);
      for (const u of upstreams) console.log(`  upstream ${u.name}: /upstream/${u.name}/cosmos/… → ${u.url.origin}`);
      for (const { chain } of served.chains)
        console.log(
          `  chain ${chain.name} (${chain.prettyName}, ${chain.chainId}): /upstream/${chain.name}/cosmos/… → ` +
            `the registry's ${chain.restEndpoints.length} REST and ${chain.rpcEndpoints.length} RPC endpoints ` +
            `(which one: /polity/config.json)`,
        );
    });
  });
  const stop = (signal: string) => {
    console.log(`${signal}: stopping at height ${node.height}`);
    clearInterval(timer);
    try {
      node.writeSnapshot();
    } catch (error) {
      console.error(`snapshot not written: ${error instanceof Error ? error.message : error}`);
    }
    rpcServer?.close();
    rpcServer?.closeAllConnections();
    void served.close();
    // The archive's database closes cleanly before exit (PGlite flushes its files on close).
    server.close(() => void archives.closeAll().finally(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 4000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
