import type { ValidatorJson } from '../../trust/validator-set.ts';
import { forgeLightBlock, signerOf, timeAfter } from '../forge-chain.ts';
import { realChainId, realLightBlock361 } from '../real-node.ts';
import { accept, byPower, CHAIN, clone, named, next, refuse, step, type LightVector } from './vector-kit.ts';

// Signatures and commits, a real node's header among them, and genesis validator lists.

export function signatureVectors(): LightVector[] {
  const vectors: LightVector[] = [];
  const flipped = clone(next());
  const sig = flipped.signed_header.commit.signatures[0];
  const bytes = Buffer.from(sig.signature ?? '', 'base64');
  bytes[10] ^= 1;
  sig.signature = bytes.toString('base64');
  vectors.push(step('signature: one bit changed', flipped, refuse('signature-invalid')));
  const otherBlock = clone(next());
  otherBlock.signed_header.commit.block_id.hash = '11'.repeat(32);
  vectors.push(step('commit: for another block', otherBlock, refuse('commit-mismatch')));
  const short = clone(next());
  short.signed_header.commit.signatures.pop();
  vectors.push(step('commit: a signature fewer than the set', short, refuse('commit-mismatch')));
  const swapped = clone(next());
  const [first, second] = swapped.signed_header.commit.signatures;
  swapped.signed_header.commit.signatures[0] = second;
  swapped.signed_header.commit.signatures[1] = first;
  vectors.push(step('commit: signatures out of the set’s order', swapped, refuse('commit-mismatch')));
  const nilVotes = clone(next({ signers: [byPower(50n), byPower(40n), byPower(30n)] }));
  vectors.push(step('commit: 120 of 150 sign, the rest absent', nilVotes, accept));
  // A real node's header 361 (simd v0.50.13, one validator).
  vectors.push({
    name: 'real node: header 361',
    kind: 'signed-header',
    chain_id: realChainId,
    block: realLightBlock361(),
    expect: accept,
  });
  const realOtherChain = realLightBlock361();
  vectors.push({
    name: 'real node: header 361 checked for another chain id',
    kind: 'signed-header',
    chain_id: 'cosmoshub-4',
    block: realOtherChain,
    expect: refuse('wrong-chain'),
  });
  const realPower = realLightBlock361();
  realPower.validator_set[0].voting_power = String(BigInt(realPower.validator_set[0].voting_power) + (1n << 64n));
  vectors.push({
    name: 'real node: its validator’s power + 2^64',
    kind: 'signed-header',
    chain_id: realChainId,
    block: realPower,
    expect: refuse('power-out-of-range'),
  });
  const realSet = realLightBlock361();
  realSet.validator_set[0].voting_power = '999';
  vectors.push({
    name: 'real node: another power',
    kind: 'signed-header',
    chain_id: realChainId,
    block: realSet,
    expect: refuse('validator-set-mismatch'),
  });
  const realTime = realLightBlock361();
  realTime.signed_header.header.time = '2024-01-01T00:00:00Z';
  vectors.push({
    name: 'real node: another time in the header',
    kind: 'signed-header',
    chain_id: realChainId,
    block: realTime,
    expect: refuse('commit-mismatch'),
  });
  return vectors;
}

export function genesisVectors(): LightVector[] {
  const vectors: LightVector[] = [];
  const genesis = named('g', [40n, 30n, 20n, 10n]);
  const first = forgeLightBlock({
    chainId: CHAIN,
    height: 1n,
    time: timeAfter(0),
    lastBlockHash: '',
    validators: genesis,
  }).block;
  const list = first.validator_set;
  const vector = (name: string, validators: ValidatorJson[], expect: LightVector['expect']): LightVector => ({
    name,
    kind: 'genesis',
    chain_id: CHAIN,
    genesis_validators: validators,
    block: first,
    expect,
  });
  vectors.push(vector('genesis: the validators header 1 names', list, accept));
  vectors.push(
    vector('genesis: listed in another order (CometBFT sorts them)', [list[3], list[1], list[0], list[2]], accept),
  );
  vectors.push(
    vector(
      'genesis: one validator listed three times',
      [list[0], list[0], list[0], ...list.slice(1)],
      refuse('duplicate-validator'),
    ),
  );
  vectors.push(
    vector(
      'genesis: a power changed',
      [{ ...list[0], voting_power: '41' }, ...list.slice(1)],
      refuse('validator-set-mismatch'),
    ),
  );
  vectors.push(
    vector(
      'genesis: a validator with no power',
      [...list, { ...signerOf('zero', 0n).validator }],
      refuse('power-out-of-range'),
    ),
  );
  vectors.push(vector('genesis: a validator left out', list.slice(1), refuse('validator-set-mismatch')));
  vectors.push(
    vector(
      'genesis: a power + 2^64',
      [{ ...list[0], voting_power: String(40n + (1n << 64n)) }, ...list.slice(1)],
      refuse('power-out-of-range'),
    ),
  );
  return vectors;
}
