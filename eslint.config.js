import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The dashboard's layers, top to bottom: app → routes → features → components, hooks → domain,
// lib → api. A layer imports only from layers below it, so each zone below names what its files
// may not reach.
const below = (target, from, message) => ({ target: `./src/${target}`, from: from.map((f) => `./src/${f}`), message });
const layerZones = [
  below('routes', ['app'], 'Routes are composed by app/, never the other way: import from features/ or below.'),
  below('features', ['app', 'routes'], 'Features sit below app/ and routes/.'),
  below('components', ['app', 'routes', 'features'], 'Shared components use only hooks/, domain/, lib/ and api/.'),
  below('hooks', ['app', 'routes', 'features', 'components'], 'Hooks use only domain/, lib/ and api/.'),
  below('domain', ['app', 'routes', 'features', 'components', 'hooks'], 'Domain rules are pure: lib/ and api/ only.'),
  below('lib', ['app', 'routes', 'features', 'components', 'hooks', 'domain'], 'lib/ is generic: lib/ only.'),
  below('api', ['app', 'routes', 'features', 'components', 'hooks', 'domain', 'lib'], 'api/ stands alone.'),
  // Features are composed only in route modules: one never reaches into another.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
    message: 'Features never import each other: compose them in a route, or move what they share down a layer.',
  })),
];

// The server's rooms: the node (store → chain → queries → gateway and its RPC; sim drives the
// chain), the archive (reads a node over HTTP only) and lib/ (the wire's vocabulary both speak).
// server/main.ts composes the node and the archive; neither imports the other. Each zone names
// what its files may not reach.
const serverRoom = (target, from, message) => ({
  target: `./server/${target}`,
  from: from.map((f) => `./server/${f}`),
  message,
});
const STORAGE_ONLY = "Only the archive's storage layer (archive/store/) holds the database connection.";
const node = (folders) => folders.map((folder) => `node/${folder}`);
const SCHEDULER = ['archive/follower/follower.ts', 'archive/follower/writer-seat.ts'];
const followerRooms = (order) =>
  order.map((room, index) =>
    serverRoom(
      `archive/follower/${room}`,
      [...order.slice(index + 1).map((above) => `archive/follower/${above}`), ...SCHEDULER],
      `The follower's ${room}/ uses only the rooms below it (${order.slice(0, index).join(', ') || 'none'}): the scheduler runs the pipelines, never the other way.`,
    ),
  );
const serverZones = [
  serverRoom('node', ['archive'], 'The node never imports the archive: server/main.ts composes the two.'),
  serverRoom('archive', ['node'], 'The archive reads a node over HTTP, never its code.'),
  serverRoom('lib', ['node', 'archive'], 'server/lib/ is shared by both rooms: it imports neither.'),
  // The archive's SQL lives in its storage layer: the rest of the archive reaches the database
  // through the subject modules of archive/store/, never through the connection itself.
  serverRoom('archive/follower', ['archive/store/db'], STORAGE_ONLY),
  serverRoom('archive/api', ['archive/store/db'], STORAGE_ONLY),
  serverRoom(
    'archive/webhooks',
    ['archive/store/db', 'archive/follower', 'archive/api'],
    'Webhooks send what the archive stored, read through its storage layer: never the connection, the follower or the API.',
  ),
  serverRoom('archive/source', ['archive/store'], "Reading a node knows nothing of the archive's storage."),
  serverRoom(
    'archive/store',
    ['archive/source', 'archive/follower', 'archive/api', 'archive/webhooks'],
    'The storage layer knows its tables and subjects only: the records it keeps are in archive/node-records.ts.',
  ),
  // The follower's rooms, bottom to top: lane/ (where a lane stands), then the pipelines tip/,
  // backfill/, begin/, fill/, each using only those before it; the scheduler (follower.ts and its
  // writer seat) on top, which no pipeline imports.
  ...followerRooms(['lane', 'tip', 'backfill', 'begin', 'fill', 'prove']),
  serverRoom(
    'node/store',
    node(['chain', 'queries', 'gateway', 'rpc', 'sim']),
    'The store knows tables and keys only.',
  ),
  serverRoom(
    'node/chain',
    node(['queries', 'gateway', 'rpc', 'sim']),
    'The chain never formats answers or runs blocks.',
  ),
  serverRoom('node/queries', node(['gateway', 'rpc', 'sim']), 'Queries read the chain; the gateway calls them.'),
  serverRoom(
    'node/gateway',
    node(['store/versioned-table.ts', 'chain/group/group-store.ts', 'sim']),
    'The gateway never touches a table or the simulator.',
  ),
  serverRoom(
    'node/rpc',
    node(['store', 'chain/group/group-store.ts', 'sim', 'gateway']),
    'The RPC reads blocks through the queries room; it never touches a table, the simulator or the REST gateway.',
  ),
  serverRoom(
    'node/sim',
    node(['gateway', 'rpc', 'queries/query-service.ts']),
    'The simulator makes blocks; it never serves them.',
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'packages/*/dist',
      'node_modules',
      'test-results',
      'playwright-report',
      '*.tmp.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-nocheck': true, 'ts-expect-error': true },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // import-x reads imported modules to follow circles; without this it skips .ts/.tsx files.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.app.json') })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Test helpers mount the whole app; only tests may use them.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)test/', message: 'Only tests import the test helpers.' }] },
      ],
    },
  },
  ...pluginQuery.configs['flat/recommended-strict'],
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.mjs',
      'bin/**',
      'checker/**/*.ts',
      'e2e/**/*.ts',
      '*.config.{js,ts}',
      'verify/**/*.test.ts',
      'verify/testing/**',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    // Tests sit beside the code they guard, and drive whatever it takes (an archive's tests run a
    // simulated node): the walls are the code's, not theirs.
    ignores: ['server/test/**', 'server/**/*.test.ts', 'server/bench/**', 'server/main.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.node.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The verifier runs in the archive, the command and the browser: bytes in, verdicts out, no
    // Node or DOM API, and it knows neither the dashboard nor the server.
    files: ['verify/**/*.ts', 'text-rules/**/*.ts'],
    ignores: ['verify/**/*.test.ts', 'verify/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.node.json') })],
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'The verifier is pure: no Node API (it runs in the browser too).' },
            { regex: '(^|/)(src|server)/', message: 'The verifier imports neither the dashboard nor the server.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Buffer', 'process', 'window', 'document'],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
  },
  {
    // Small files with names that explain themselves: split by meaning past 300 lines (tests too).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
);
