import { defineConfig } from '@playwright/test';

// Playwright drives Debian's chromium (no browser download). Two embedded services run: one with
// the extended pagination and an archive, one reproducing a plain SDK node exactly (--compat sdk,
// --archive off); every journey runs against both, except those written for one kind of endpoint
// ("with an archive" / "on a plain node"). Fast blocks and short live voting periods make the
// live tally observable. The second is another chain whose people are the first's (the same keys):
// the first serves it by name and archives it, for the journeys across chains. A third, plain node
// makes a block every 2 s, as some real chains do:
// only the journeys written for it ("on a 2 s chain") run there, to see estimates follow the pace.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const server = (port: number, extra: string, blockMs = 500) =>
  `rm -rf .e2e-data/${port} && node --import tsx server/main.ts --port ${port} --data-dir .e2e-data/${port} ` +
  `--block-time ${blockMs} --live-period 24 ${extra}`;
const TWO_SECOND_CHAIN = /on a 2 s chain/;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'extended',
      grepInvert: [/on a plain node/, TWO_SECOND_CHAIN],
      use: { baseURL: 'http://127.0.0.1:4173' },
    },
    {
      name: 'sdk-compat',
      grepInvert: [/with an archive/, TWO_SECOND_CHAIN],
      use: { baseURL: 'http://127.0.0.1:4174' },
    },
    { name: 'two-second-blocks', grep: TWO_SECOND_CHAIN, use: { baseURL: 'http://127.0.0.1:4175' } },
  ],
  webServer: [
    {
      command: server(
        4173,
        '--rpc-port off --upstream compat=http://127.0.0.1:4174 --upstream-rpc compat=http://127.0.0.1:4174/rpc',
      ),
      // Ready once the archive answers its records too (503 while its database opens; its status
      // already answers then, saying "starting"): no journey begins before the archive is open.
      url: 'http://127.0.0.1:4173/polity/archive/v1/upgrades',
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: server(
        4174,
        '--rpc-port off --archive off --compat sdk --seed polity-compat --accounts-seed polity --cors',
      ),
      url: 'http://127.0.0.1:4174/cosmos/upgrade/v1beta1/module_versions',
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: server(4175, '--rpc-port off --archive off --compat sdk --seed polity-slow', 2000),
      url: 'http://127.0.0.1:4175/cosmos/upgrade/v1beta1/module_versions',
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
