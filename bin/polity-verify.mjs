#!/usr/bin/env node
// The verifier runs as plain JavaScript: packages/polity-verify's one-file build of
// bin/polity-verify.ts, the package an auditor installs on its own. In this repository it is
// (re)built first whenever a source of it changed, so the command always runs the code checked in.
import { pathToFileURL } from 'node:url';

import { buildVerifier, builtCommand, verifierIsStale } from '../scripts/build-verifier.mjs';

if (verifierIsStale()) await buildVerifier();
await import(pathToFileURL(builtCommand).href);
