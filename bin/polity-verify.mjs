#!/usr/bin/env node
// The verifier is TypeScript; tsx (a dependency) runs it as it is, so the command and the
// browser run the very same code.
import { register } from 'tsx/esm/api';

register();
await import('./polity-verify.ts');
