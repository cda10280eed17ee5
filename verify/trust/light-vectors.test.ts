import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { failed, type Checked } from '../problem-codes.ts';
import { lightVectors, type LightVector } from '../testing/light-vectors.ts';
import { verifyChainOfTrust } from './chain-of-trust.ts';
import { headerHashOf, nanosOf, timestampOf } from './header.ts';
import { checkSignedHeader, trustOptionsAt, verifyAdjacent, verifyNonAdjacent } from './light-block.ts';

// One row per rule, each asserting its problem code; the Go checker runs the same rows through
// CometBFT's own light client (checker/), and both must agree.

function verdictOf(vector: LightVector): Checked<object> {
  if (vector.kind === 'signed-header') return checkSignedHeader(vector.chain_id, vector.block);
  if (vector.kind === 'genesis') {
    const chain = verifyChainOfTrust(
      vector.chain_id,
      {
        kind: 'genesis',
        initial_height: '1',
        genesis_time: vector.block.signed_header.header.time,
        validators: vector.genesis_validators,
      },
      [vector.block],
      [],
      trustOptionsAt(),
    );
    return chain.failure === null ? {} : { problem: chain.failure, code: chain.failureCode ?? 'malformed' };
  }
  const hashed = headerHashOf(vector.trusted.signed_header.header);
  if (failed(hashed)) return hashed;
  const trusted = {
    header: vector.trusted.signed_header.header,
    hash: hashed.hash,
    validators: vector.trusted.validator_set,
  };
  const time = timestampOf(vector.now);
  if (!time) throw new Error(`bad clock in ${vector.name}`);
  const options = trustOptionsAt(nanosOf(time), BigInt(vector.trusting_period_seconds));
  const untrustedHeight = vector.untrusted.signed_header.header.height;
  const adjacent = /^\d+$/.test(untrustedHeight) && BigInt(untrustedHeight) === BigInt(trusted.header.height) + 1n;
  return adjacent
    ? verifyAdjacent(trusted, vector.untrusted, options)
    : verifyNonAdjacent(trusted, vector.untrusted, options);
}

const vectors = lightVectors();

describe('light-client vectors', () => {
  it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', (_, vector) => {
    const verdict = verdictOf(vector);
    if (vector.expect.accept) expect(failed(verdict) ? verdict : null).toBeNull();
    else expect(failed(verdict) ? verdict.code : 'accepted').toBe(vector.expect.code);
  });

  it('are at least 60, at least 25 of them refusals, and the file the Go checker reads is theirs', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(60);
    expect(vectors.filter((vector) => !vector.expect.accept).length).toBeGreaterThanOrEqual(25);
    const committed = readFileSync(new URL('../../test-vectors/light-client-vectors.json', import.meta.url), 'utf8');
    // `node scripts/write-light-vectors.mjs` writes it anew after a change here.
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(vectors)));
  });
});
