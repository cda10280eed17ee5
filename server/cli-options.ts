import type { ParseArgsConfig } from 'node:util';

import { DEFAULT_UPSTREAM_MAX_BYTES } from './node/gateway/proxy/upstream-proxy.ts';
import { DEFAULT_KEEP_BLOCKS, DEFAULT_KEEP_RECENT } from './node/sim/node-options.ts';

// What `npm start` takes: its options and usage text, the --trust option's reading, and how
// registry chains' endpoints are probed and left.

export const USAGE = `polity query service: the Cosmos x/group + x/upgrade REST API over a simulated chain

  --port N            listen port (env PORT, default 8080); always on 127.0.0.1 unless --host
  --host H            listen address (default 127.0.0.1)
  --data-dir DIR      where the chain lives (env POLITY_DATA_DIR, default ./.polity-data)
  --seed S            chain seed (default "polity"); same seed and genesis time, same chain
  --accounts-seed S   people's keys from S instead of the seed: chains begun with the same S have
                      the same members (the same keys), as people sit on many real chains
  --drop-group-at NAME  a new chain removes x/group when its upgrade plan NAME (e.g. v6-cirrus) is
                      applied, as a chain leaving the module does (StoreUpgrades Deleted: group)
  --genesis-time T    ISO time of genesis (default: now, when the data dir is first created)
  --scenario NAME     demo | large (large: 1,000,000 members and votes)
  --block-time MS     milliseconds between blocks (default 5000)
  --live-period S     voting period of the quick policies live proposals go to (default 600)
  --compat sdk        paginate exactly like the SDK: reverse ignored, /groups ignores the key
  --upstream NAME=URL forward API GETs under /upstream/NAME/ to a real node (repeatable)
  --upstream-max-bytes N  largest upstream answer passed on (default 4194304; larger: 502)
  --chain NAME        serve a chain the Cosmos chain registry lists (bundled: no network at start)
                      as --upstream NAME and --upstream-rpc NAME would, its endpoints taken from
                      the registry: one answering with the chain's id is used, the next when it
                      fails (repeatable; the status says which and why the others were left)
  --reset             start a new chain: the data dir's chain files are moved to a discarded-TIME
                      directory in it (never done without this flag)
  --cors              let pages on other origins read the API (like a node's enabled-unsafe-cors)
  --dist DIR          built dashboard to serve (default ./dist)
  --rpc-port N        CometBFT RPC port (default 26657, on --host; "off" for none); the RPC is
                      also served under /rpc/ on the main port
  --keep-recent N     committed states kept for reads pinned to a height (default 100; 0: latest only)
  --keep-blocks N     blocks kept for the RPC (default 20000)
  --archive on|off    keep an archive of the chain in PostgreSQL, served under /polity/archive/v1/
                      (default on)
  --archive-db DB     postgres://user:password@host:port/db, or a directory for the embedded
                      PGlite (default DATA_DIR/archive)
  --archive-batch N   blocks fetched ahead while catching up (default 64)
  --archive-from F    where a new archive begins: earliest (the node's earliest block, default),
                      genesis (the chain's /genesis, then every block), latest (at once, with the
                      history the node keeps filled in behind it), or a height
  --archive-fill on|off  fill the archive's gaps (before its start, outages longer than the
                      node's window) in the background from the node where it keeps those
                      heights, while following (default on)
  --archive-read-db URL  a hot standby of --archive-db (PostgreSQL streaming replication): the
                      archive's API reads from it while it is within 20 blocks of the primary and
                      has read what the page already saw (X-Polity-At-Least); every answer says
                      the height it is as of (X-Polity-As-Of) (repeatable)
  --upstream-rpc NAME=URL  the CometBFT RPC of an --upstream node: archive it too, served under
                      /upstream/NAME/polity/archive/v1/ (its archive lives beside the local one)
  --trust NAME=HEIGHT:HASH  the archive's light client trusts this block of chain NAME ("local"
                      for the embedded chain, else an --upstream-rpc name) instead of the
                      chain's genesis validators; --trust NAME=off: no proofs for it
  --witness NAME=URL  another node's CometBFT RPC of chain NAME ("local" or an archived upstream's
                      name), asked for every header the archive relies on: one naming another
                      header stops merging and keeps both as evidence; with a node that keeps no
                      early blocks, the root is the newest header the node and its witnesses
                      name alike (repeatable; a --chain's default: its registry's RPC endpoints)
  --webhook URL       POST each archived event (proposals, votes, groups, upgrades) as JSON to URL
                      (repeatable; http or https); only events archived after a URL was first
                      given are sent, each until it is answered 2xx
  --webhook-secret S  sign each POST: X-Polity-Signature: sha256=HMAC-SHA256(S, body); any
                      user of the machine sees it in the process list: prefer
  --webhook-secret-file PATH  the secret is the file's text (one trailing line break left out),
                      or the environment variable POLITY_WEBHOOK_SECRET
`;

/** `--trust NAME=HEIGHT:HASH` or `NAME=off`, once per archived chain. */
export function parseTrustOptions(
  given: readonly string[],
  names: readonly string[],
): Map<string, { kind: 'header'; height: bigint; hash: string } | null> {
  const trusts = new Map<string, { kind: 'header'; height: bigint; hash: string } | null>();
  for (const text of given) {
    const match = /^([^=]+)=(?:(off)|(\d{1,20}):([0-9a-fA-F]{64}))$/.exec(text);
    if (!match)
      throw new Error(
        `--trust takes NAME=HEIGHT:HASH (a block height and its 64-digit hex hash) or NAME=off, got ${text}`,
      );
    const [, name, off, height, hash] = match;
    if (!names.includes(name))
      throw new Error(`--trust ${name}: no archived chain has that name (${names.join(', ')})`);
    if (trusts.has(name)) throw new Error(`--trust ${name} is given twice`);
    trusts.set(name, off ? null : { kind: 'header', height: BigInt(height), hash: hash.toUpperCase() });
  }
  return trusts;
}

/** Each --chain once, and never under an --upstream's name. */
export function checkRegistryChains(chains: readonly { name: string }[], upstreamNames: readonly string[]): void {
  for (const [index, chain] of chains.entries()) {
    if (chains.findIndex((other) => other.name === chain.name) !== index)
      throw new Error(`--chain ${chain.name} is given twice`);
    if (upstreamNames.includes(chain.name))
      throw new Error(`--chain ${chain.name} and --upstream ${chain.name}=… name the same upstream: keep one`);
  }
}

/** `--witness NAME=URL`, any number per archived chain. */
export function parseWitnessOptions(
  given: readonly string[],
  names: readonly string[],
): Map<string, { name: string; url: string }[]> {
  const witnesses = new Map<string, { name: string; url: string }[]>();
  for (const text of given) {
    const match = /^([^=]+)=(https?:\/\/.+)$/.exec(text);
    if (!match) throw new Error(`--witness takes NAME=URL (a CometBFT RPC, http or https), got ${text}`);
    const [, name, url] = match;
    if (!names.includes(name))
      throw new Error(`--witness ${name}: no archived chain has that name (${names.join(', ')})`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`--witness ${name}: ${url} is not a URL`);
    }
    const list = witnesses.get(name) ?? [];
    if (list.some((witness) => witness.url === parsed.href)) throw new Error(`--witness ${text} is given twice`);
    list.push({ name: parsed.host, url: parsed.href });
    witnesses.set(name, list);
  }
  return witnesses;
}

/**
 * --trust and --witness for every archived chain: the local one, each --upstream-rpc and each
 * --chain with RPC endpoints (whose witnesses default to its registry's RPC endpoints).
 */
export function archiveTrustOptions(
  trust: readonly string[],
  witness: readonly string[],
  upstreamRpcNames: readonly string[],
  registryChains: readonly { name: string; rpcEndpoints: readonly string[] }[],
) {
  const withRpc = registryChains.filter((chain) => chain.rpcEndpoints.length > 0);
  const names = ['local', ...upstreamRpcNames, ...withRpc.map((chain) => chain.name)];
  const witnesses = parseWitnessOptions(witness, names);
  const registryWitnesses = (name: string) =>
    (withRpc.find((chain) => chain.name === name)?.rpcEndpoints ?? []).map((url) => ({
      name: new URL(url).host,
      url,
    }));
  return {
    trusts: parseTrustOptions(trust, names),
    witnessesOf: (name: string) => witnesses.get(name) ?? registryWitnesses(name),
  };
}

/**
 * --archive-batch as given, or undefined for the follower's default: main.ts does not import the
 * follower for its default, which would load the archive's modules before the first answer.
 */
export function parseArchiveBatch(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const batch = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(batch >= 1 && batch <= 1000)) throw new Error('--archive-batch must be a whole number between 1 and 1000');
  return batch;
}

/** How the registry's endpoints of a --chain are asked, and when the one in use is left. */
export const REGISTRY_PROBING = {
  /** Every registry endpoint is asked at once, each for this long: a dead one delays nothing after it. */
  probeDeadlineMs: 2500,
  /** While none of a chain's endpoints answers, how long before they are all asked again. */
  retryMs: 30_000,
  /** Failed requests in a row before the endpoint in use is left for the next one. */
  failuresBeforeMoving: 3,
};

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** --archive-read-db: hot standbys of a PostgreSQL --archive-db, each a postgres:// URL. */
export function parseReadDatabases(urls: readonly string[], archiveDb: string | undefined): string[] {
  if (urls.length > 0 && !POSTGRES_URL.test(archiveDb ?? ''))
    throw new Error('--archive-read-db reads replicas of a PostgreSQL archive: give --archive-db postgres://… too');
  for (const url of urls)
    if (!POSTGRES_URL.test(url)) throw new Error(`--archive-read-db takes a postgres:// URL, got ${url}`);
  return [...urls];
}

/** The service's options, as parseArgs reads them (USAGE above says each). */
export const CLI_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  'data-dir': { type: 'string' },
  seed: { type: 'string', default: 'polity' },
  'accounts-seed': { type: 'string' },
  'drop-group-at': { type: 'string' },
  'genesis-time': { type: 'string' },
  scenario: { type: 'string', default: 'demo' },
  'block-time': { type: 'string', default: '5000' },
  'live-period': { type: 'string', default: '600' },
  compat: { type: 'string' },
  upstream: { type: 'string', multiple: true, default: [] },
  chain: { type: 'string', multiple: true, default: [] },
  'upstream-max-bytes': { type: 'string', default: String(DEFAULT_UPSTREAM_MAX_BYTES) },
  reset: { type: 'boolean', default: false },
  cors: { type: 'boolean', default: false },
  dist: { type: 'string', default: 'dist' },
  'rpc-port': { type: 'string', default: '26657' },
  'keep-recent': { type: 'string', default: String(DEFAULT_KEEP_RECENT) },
  'keep-blocks': { type: 'string', default: String(DEFAULT_KEEP_BLOCKS) },
  archive: { type: 'string', default: 'on' },
  'archive-db': { type: 'string' },
  'archive-batch': { type: 'string' },
  'archive-from': { type: 'string', default: 'earliest' },
  'archive-fill': { type: 'string', default: 'on' },
  'archive-read-db': { type: 'string', multiple: true },
  'upstream-rpc': { type: 'string', multiple: true, default: [] },
  trust: { type: 'string', multiple: true, default: [] },
  witness: { type: 'string', multiple: true, default: [] },
  webhook: { type: 'string', multiple: true, default: [] },
  'webhook-secret': { type: 'string' },
  'webhook-secret-file': { type: 'string' },
  help: { type: 'boolean', default: false },
} satisfies NonNullable<ParseArgsConfig['options']>;
