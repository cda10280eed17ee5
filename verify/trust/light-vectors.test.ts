import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { failed, type Checked } from '../problem-codes.ts';
import { lightVectors, type LightVector } from '../testing/light-vectors.ts';
import { verifyChainOfTrust } from './chain-of-trust.ts';
import { genesisValidatorSet } from './genesis-set.ts';
import { headerHashOf, nanosOf, timestampOf } from './header.ts';
import {
  checkSignedHeader,
  trustOptionsAt,
  verifyAdjacent,
  verifyNonAdjacent,
  type LightBlockJson,
} from './light-block.ts';
import type { ValidatorJson } from './validator-set.ts';
import { witnessConflict } from './witness-check.ts';

// One row per rule, each asserting its problem code; the Go checker runs the same rows through
// CometBFT's own light client (checker/), and both must agree.

/** The step from a trusted header to an untrusted one, as the verifier takes it. */
function stepVerdict(now: string, period: string, trustedBlock: LightBlockJson, untrusted: LightBlockJson) {
  const hashed = headerHashOf(trustedBlock.signed_header.header);
  if (failed(hashed)) return hashed;
  const trusted = {
    header: trustedBlock.signed_header.header,
    hash: hashed.hash,
    validators: trustedBlock.validator_set,
  };
  const time = timestampOf(now);
  if (!time) throw new Error(`bad clock ${now}`);
  const options = trustOptionsAt(nanosOf(time), BigInt(period));
  const untrustedHeight = untrusted.signed_header.header.height;
  const adjacent = /^\d+$/.test(untrustedHeight) && BigInt(untrustedHeight) === BigInt(trusted.header.height) + 1n;
  return adjacent ? verifyAdjacent(trusted, untrusted, options) : verifyNonAdjacent(trusted, untrusted, options);
}

function genesisVerdict(chainId: string, validators: ValidatorJson[], block: LightBlockJson): Checked<object> {
  const chain = verifyChainOfTrust(
    chainId,
    {
      kind: 'genesis',
      initial_height: block.signed_header.header.height,
      genesis_time: block.signed_header.header.time,
      validators,
    },
    [block],
    [],
    trustOptionsAt(),
  );
  return chain.failure === null ? {} : { problem: chain.failure, code: chain.failureCode ?? 'malformed' };
}

function verdictOf(vector: LightVector): Checked<object> {
  if (vector.kind === 'signed-header') return checkSignedHeader(vector.chain_id, vector.block);
  if (vector.kind === 'genesis-document') {
    const set = genesisValidatorSet(vector.genesis);
    return failed(set) ? set : genesisVerdict(vector.chain_id, set.validators, vector.block);
  }
  if (vector.kind === 'witness') {
    const stepped = stepVerdict(vector.now, vector.trusting_period_seconds, vector.trusted, vector.primary);
    if (failed(stepped)) return stepped;
    return witnessConflict(vector.primary, vector.witness) ?? {};
  }
  if (vector.kind === 'genesis') return genesisVerdict(vector.chain_id, vector.genesis_validators, vector.block);
  return stepVerdict(vector.now, vector.trusting_period_seconds, vector.trusted, vector.untrusted);
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
