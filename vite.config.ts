import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the dashboard talks to the embedded service (npm run serve) through this proxy.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/cosmos': 'http://127.0.0.1:8080',
      '/upstream': 'http://127.0.0.1:8080',
      '/polity': 'http://127.0.0.1:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // No polyfill for <link rel="modulepreload">: the browsers of the es2022 target have it, but for
    // Safari < 17 and Firefox < 115, where a page's chunks still load, only one after another. The
    // polyfill's 0.2 kB (gzipped) would weigh on every first visit, inside the 150 kB budget.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What every page runs (React, the router, TanStack Query) travels as one file: it loads
        // once and compresses better than the same code spread over several shared chunks.
        codeSplitting: {
          groups: [
            {
              // The small components and helpers of the first page, in one file rather than a
              // dozen: each file costs its own compression dictionary and request. Paths allow the
              // subject folders of components/ and lib/; a file that falls out of its group shows
              // in `npm run size` (a stage of `npm test`).
              name: 'common',
              test: /(src[\\/](api[\\/](?!archive-(upgrades|inbox|feeds|names))\w+|lib[\\/](\w+[\\/])?(metadata|time|hostile-text|format-number|safe-url|ids|endpoint)|components[\\/]\w+[\\/](app-link|archive-gate|badges|decimal-text|id-text|live-tally-text|on-chain-text|page-title|query-states|relative-time)|domain[\\/]tally-words|hooks[\\/]shared-queries|text-rules[\\/]direction-controls|features[\\/](groups[\\/](queries|overview-queries)|proposals[\\/]archive-queries))\.tsx?)$/,
            },
            {
              // The IPFS gateway's setting and what is read through it, for the Chain dialog and
              // the detail pages alike: one file, so the first page's table of chunks grows by none.
              name: 'ipfs',
              test: /src[\\/](hooks[\\/]use-ipfs-(gateway|document)|lib[\\/]chain[\\/]ipfs(-document)?)\.ts$/,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
