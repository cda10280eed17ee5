// The tree-hashing thread when Polity runs from its TypeScript sources (tests, `npm run serve`):
// a worker thread does not inherit the TypeScript loader, so it registers it.
import { register } from 'tsx/esm/api';

register();
await import('./tree-hash-worker.ts');
