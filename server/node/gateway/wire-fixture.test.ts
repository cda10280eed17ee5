import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import { recordWire } from '../../test/wire-requests.ts';

// Byte-for-byte regression guard: a fixed-seed chain, a few hundred live blocks in, answers a
// recorded set of requests exactly as it did when the fixture was written. Refactors must keep
// it green; a deliberate wire change rewrites it with UPDATE_WIRE_FIXTURE=1 and says why.

const fixtureDir = join(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');

async function checkMode(mode: 'extended' | 'sdk'): Promise<void> {
  const harness: Harness = await startHarness({ mode, livePeriodS: 60 });
  try {
    harness.node.advance(400, 3000);
    const recorded = await recordWire(harness);
    const file = join(fixtureDir, `wire-${mode}.json`);
    if (process.env.UPDATE_WIRE_FIXTURE === '1' || !existsSync(file)) {
      mkdirSync(fixtureDir, { recursive: true });
      writeFileSync(file, JSON.stringify(recorded, null, 1) + '\n');
    }
    const expected = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const changed = Object.keys(expected).filter((name) => recorded[name] !== expected[name]);
    expect(changed).toEqual([]);
    expect(Object.keys(recorded).sort()).toEqual(Object.keys(expected).sort());
  } finally {
    await harness.close();
  }
}

let started = 0;
beforeAll(() => {
  started = Date.now();
});
afterAll(() => {
  if (process.env.WIRE_TIMING) console.log(`wire fixture: ${Date.now() - started} ms`);
});

describe('wire format is unchanged', () => {
  it('extended pagination', () => checkMode('extended'), 120_000);
  it('sdk pagination', () => checkMode('sdk'), 120_000);
});
