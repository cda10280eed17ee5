import { toBase64 } from '@cosmjs/encoding';
import { ed25519 } from '@noble/curves/ed25519.js';
import { SimpleValidator } from 'cosmjs-types/tendermint/types/validator';

import { MAX_INT64, MAX_TOTAL_VOTING_POWER } from '../bounds.ts';
import { hexOf, sha256 } from '../bytes.ts';
import { precommitSignBytes } from '../commit.ts';
import { headerHashOf, type HeaderJson } from '../header.ts';
import type { LightBlockJson } from '../light-block.ts';
import { merkleRoot } from '../merkle.ts';
import type { ProblemCode } from '../problem-codes.ts';
import type { ValidatorJson } from '../validator-set.ts';
import { forgeLightBlock, signerOf, sortedSet, timeAfter, type Signer } from './forge-chain.ts';
import { realChainId, realLightBlock361 } from './real-node.ts';

// Light-client vectors, one row per rule (CometBFT's table-test style): what a lying node or a
// forged bundle could hand a verifier, and what CometBFT's own light client says of it. The same
// rows are written to test-vectors/light-client-vectors.json for the Go checker (checker/), which
// runs them through CometBFT's `light` package: both must accept and refuse the same rows.

export type LightVector =
  | {
      name: string;
      kind: 'step';
      chain_id: string;
      /** The verifier's clock (RFC 3339) and trusting period. */
      now: string;
      trusting_period_seconds: string;
      trusted: LightBlockJson;
      untrusted: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    }
  | {
      name: string;
      kind: 'signed-header';
      chain_id: string;
      block: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    }
  | {
      name: string;
      kind: 'genesis';
      chain_id: string;
      genesis_validators: ValidatorJson[];
      block: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    };

const CHAIN = 'vectors-1';
const DAY = 24 * 3600;
const PERIOD = String(14 * DAY);
const accept = { accept: true };
const refuse = (code: ProblemCode) => ({ accept: false, code });

const named = (prefix: string, powers: readonly bigint[]) =>
  powers.map((power, index) => signerOf(`${prefix}-${index}`, power));

/** Five validators of 10, 20, 30, 40 and 50: 150 in all. */
const five = named('v', [10n, 20n, 30n, 40n, 50n]);
const byPower = (power: bigint) => five.find((signer) => signer.validator.voting_power === String(power))!;

const root = forgeLightBlock({ chainId: CHAIN, height: 10n, time: timeAfter(0), lastBlockHash: '', validators: five });
const rootHash = root.hash;

const next = (over: Partial<Parameters<typeof forgeLightBlock>[0]> = {}) =>
  forgeLightBlock({
    chainId: CHAIN,
    height: 11n,
    time: timeAfter(5),
    lastBlockHash: rootHash,
    validators: five,
    ...over,
  }).block;

const later = (over: Partial<Parameters<typeof forgeLightBlock>[0]> = {}) =>
  forgeLightBlock({
    chainId: CHAIN,
    height: 500n,
    time: timeAfter(3600),
    lastBlockHash: 'AB'.repeat(32),
    validators: five,
    ...over,
  }).block;

const clone = <T>(value: T): T => structuredClone(value);

const step = (
  name: string,
  untrusted: LightBlockJson,
  expect: LightVector['expect'],
  options: { now?: number; period?: string; trusted?: LightBlockJson } = {},
): LightVector => ({
  name,
  kind: 'step',
  chain_id: CHAIN,
  now: timeAfter(options.now ?? 2 * 3600),
  trusting_period_seconds: options.period ?? PERIOD,
  trusted: options.trusted ?? root.block,
  untrusted,
  expect,
});

/** A set's hash as CometBFT computes it, over the order given (what a forger would write). */
function hashOfList(validators: readonly ValidatorJson[], wrapPowers = false): string {
  const leaves = validators.map((validator) => {
    const power = BigInt(validator.voting_power);
    return SimpleValidator.encode({
      pubKey: { ed25519: Uint8Array.from(Buffer.from(validator.pub_key.value, 'base64')) },
      votingPower: wrapPowers ? BigInt.asIntN(64, power) : power,
    }).finish();
  });
  return hexOf(merkleRoot(leaves));
}

/**
 * A header signed as a forger would: the set given in the order given, powers as written (the
 * header names the hash of that list), signed by `signers`.
 */
function forgeWithList(options: {
  height: string;
  time: string;
  lastBlockHash: string;
  list: ValidatorJson[];
  headerSetHash?: string;
  signers: readonly Signer[];
  round?: number;
  partsTotal?: number;
}): LightBlockJson {
  const setHash = options.headerSetHash ?? hashOfList(options.list);
  const zero = hexOf(sha256(new Uint8Array()));
  const header: HeaderJson = {
    version: { block: '11' },
    chain_id: CHAIN,
    height: options.height,
    time: options.time,
    last_block_id: { hash: options.lastBlockHash, parts: { total: 1, hash: zero } },
    last_commit_hash: zero,
    data_hash: zero,
    validators_hash: setHash,
    next_validators_hash: setHash,
    consensus_hash: zero,
    app_hash: zero,
    last_results_hash: zero,
    evidence_hash: zero,
    proposer_address: options.list[0].address,
  };
  // A height out of range has no hash: its commit names a stand-in (the height is refused first).
  const hashed = headerHashOf(header);
  const blockHash = 'hash' in hashed ? hashed.hash : 'EE'.repeat(32);
  const commit = {
    height: options.height,
    round: options.round ?? 0,
    block_id: { hash: blockHash, parts: { total: options.partsTotal ?? 1, hash: zero } },
    signatures: [] as LightBlockJson['signed_header']['commit']['signatures'],
  };
  const signing = new Map(options.signers.map((signer) => [signer.validator.address, signer]));
  // No sign bytes for a height or round out of range: such a commit goes unsigned (and is refused).
  const message = precommitSignBytes(CHAIN, commit, options.time);
  commit.signatures = options.list.map((validator) => {
    const signer = signing.get(validator.address);
    if (!signer || !message) {
      return { block_id_flag: 1, validator_address: '', timestamp: '0001-01-01T00:00:00Z', signature: null };
    }
    return {
      block_id_flag: 2,
      validator_address: validator.address,
      timestamp: options.time,
      signature: toBase64(ed25519.sign(message, signer.secretKey)),
    };
  });
  return { signed_header: { header, commit }, validator_set: options.list };
}

const asList = (signers: readonly Signer[]) => sortedSet(signers).map((signer) => signer.validator);

function stepVectors(): LightVector[] {
  const vectors: LightVector[] = [];
  // Adjacent: the set the trusted header named as next signs, more than 2/3 of it.
  vectors.push(step('adjacent: all of the named set signs', next(), accept));
  vectors.push(
    step(
      'adjacent: exactly 2/3 of the power signs (50+40+10 of 150)',
      next({ signers: [byPower(50n), byPower(40n), byPower(10n)] }),
      refuse('too-little-power'),
    ),
  );
  vectors.push(
    step(
      'adjacent: just above 2/3 (50+40+20 of 150)',
      next({ signers: [byPower(50n), byPower(40n), byPower(20n)] }),
      accept,
    ),
  );
  vectors.push(
    step('adjacent: less than half signs', next({ signers: [byPower(50n), byPower(10n)] }), refuse('too-little-power')),
  );
  vectors.push(
    step(
      'adjacent: signed by another set than the one named next',
      next({ validators: five.slice(1) }),
      refuse('next-validators-mismatch'),
    ),
  );
  vectors.push(
    step('adjacent: not linked to the trusted header', next({ lastBlockHash: '00'.repeat(32) }), refuse('not-linked')),
  );
  vectors.push(
    step(
      'adjacent: dated at the trusted header’s time',
      next({ time: timeAfter(0) }),
      refuse('header-not-after-trusted'),
    ),
  );
  vectors.push(
    step(
      'adjacent: of another chain',
      {
        ...next(),
        signed_header: forgeLightBlock({
          chainId: 'other-1',
          height: 11n,
          time: timeAfter(5),
          lastBlockHash: rootHash,
          validators: five,
        }).block.signed_header,
      },
      refuse('wrong-chain'),
    ),
  );
  // The verifier's clock: drift and the trusting period's edge.
  vectors.push(
    step('clock drift: dated 9 s after the clock', next({ time: timeAfter(3600 + 9) }), accept, { now: 3600 }),
  );
  vectors.push(
    step(
      'clock drift: dated 10 s after the clock',
      next({ time: timeAfter(3600 + 10) }),
      refuse('header-from-the-future'),
      { now: 3600 },
    ),
  );
  vectors.push(
    step(
      'clock drift: dated a day after the clock',
      next({ time: timeAfter(3600 + DAY) }),
      refuse('header-from-the-future'),
      { now: 3600 },
    ),
  );
  vectors.push(
    step('trusting period: clock 1 s before the trusted header expires', next(), accept, { now: 14 * DAY - 1 }),
  );
  vectors.push(
    step('trusting period: clock at the trusted header’s expiry', next(), refuse('trusted-header-expired'), {
      now: 14 * DAY,
    }),
  );
  vectors.push(step('trusting period: clock a year on', next(), refuse('trusted-header-expired'), { now: 365 * DAY }));
  vectors.push(
    step('trusting period: the verifier’s 30 days keep it', next(), accept, {
      now: 20 * DAY,
      period: String(30 * DAY),
    }),
  );
  // Skipping: validators of the trusted set hold more than 1/3 of the trusted power.
  vectors.push(step('skip: the same set signs', later(), accept));
  const newcomers = named('n', [60n, 20n]);
  vectors.push(
    step(
      'skip: 90 of the trusted 150 stay, the new set signs in full',
      later({ validators: [byPower(40n), byPower(50n), ...newcomers] }),
      accept,
    ),
  );
  const strangers = named('s', [100n, 100n]);
  vectors.push(
    step(
      'skip: only 30 of the trusted 150 stay',
      later({ validators: [byPower(10n), byPower(20n), ...strangers] }),
      refuse('too-little-trusted-power'),
    ),
  );
  const third = named('t', [50n, 99n]);
  vectors.push(
    step(
      'skip: exactly 1/3 of the trusted power stays (50 of 150)',
      later({ validators: [byPower(50n), ...third] }),
      refuse('too-little-trusted-power'),
    ),
  );
  vectors.push(
    step(
      'skip: just above 1/3 stays (50+10 of 150)',
      later({ validators: [byPower(50n), byPower(10n), ...named('u', [40n])] }),
      accept,
    ),
  );
  vectors.push(
    step(
      'skip: the new set’s own 2/3 missing',
      later({ signers: [byPower(50n), byPower(40n)] }),
      refuse('too-little-power'),
    ),
  );
  vectors.push(
    step('skip: not after the trusted header', later({ time: timeAfter(0) }), refuse('header-not-after-trusted')),
  );
  vectors.push(step('skip: backwards in height', later({ height: 9n }), refuse('heights-out-of-order')));
  // A validator who once held 39 % of a trusted set forks it later: only the clock can stop it.
  const holder = signerOf('holder-39', 39n);
  const rest = named('rest', [31n, 30n]);
  const rootOf39 = forgeLightBlock({
    chainId: CHAIN,
    height: 10n,
    time: timeAfter(0),
    lastBlockHash: '',
    validators: [holder, ...rest],
  });
  const fork = (time: number) =>
    forgeLightBlock({
      chainId: CHAIN,
      height: 900_000n,
      time: timeAfter(time),
      lastBlockHash: 'AB'.repeat(32),
      validators: [holder],
    }).block;
  vectors.push(
    step(
      'fork by a former 39 % holder, 15 days on, by the verifier’s clock',
      fork(15 * DAY),
      refuse('trusted-header-expired'),
      { trusted: rootOf39.block, now: 15 * DAY + 60 },
    ),
  );
  vectors.push(
    step('fork by a 39 % holder within the period (CometBFT’s trust model accepts it)', fork(13 * DAY), accept, {
      trusted: rootOf39.block,
      now: 13 * DAY + 60,
    }),
  );
  vectors.push(
    step('fork dated within the period, but the clock is past it', fork(13 * DAY), refuse('trusted-header-expired'), {
      trusted: rootOf39.block,
      now: 15 * DAY,
    }),
  );
  return vectors;
}

/** Powers and heights past their types: each would wrap in a varint or an sfixed64. */
function boundVectors(): LightVector[] {
  const vectors: LightVector[] = [];
  const small = signerOf('small-4.7', 47n);
  const big = named('big', [500n, 453n]);
  const honest = asList([...big, small]);
  // The wrapped power hashes as 47 does; counted in full it is nearly everything.
  const wrapped = honest.map((validator) =>
    validator.address === small.validator.address
      ? { ...validator, voting_power: String(47n + (1n << 64n)) }
      : validator,
  );
  const honestRoot = forgeLightBlock({
    chainId: CHAIN,
    height: 10n,
    time: timeAfter(0),
    lastBlockHash: '',
    validators: [...big, small],
  });
  vectors.push(
    step(
      'power wrap: a 4.7 % validator written with 47 + 2^64 (hashes like 47) signs the next header alone',
      forgeWithList({
        height: '11',
        time: timeAfter(5),
        lastBlockHash: honestRoot.hash,
        list: wrapped,
        headerSetHash: hashOfList(honest),
        signers: [small],
      }),
      refuse('power-out-of-range'),
      { trusted: honestRoot.block },
    ),
  );
  vectors.push(
    step(
      'power wrap: the same forgery skipping to a far height',
      forgeWithList({
        height: '900000',
        time: timeAfter(600),
        lastBlockHash: 'AB'.repeat(32),
        list: wrapped,
        headerSetHash: hashOfList(honest),
        signers: [small],
      }),
      refuse('power-out-of-range'),
      { trusted: honestRoot.block },
    ),
  );
  vectors.push(
    step(
      'power wrap: the honest set signs the same header (control)',
      forgeWithList({
        height: '11',
        time: timeAfter(5),
        lastBlockHash: honestRoot.hash,
        list: honest,
        signers: [...big, small],
      }),
      accept,
      { trusted: honestRoot.block },
    ),
  );
  const lone = (power: bigint, name = 'lone') => {
    const signer = signerOf(name, power);
    return { signer, list: [{ ...signer.validator }] };
  };
  const atMax = lone(MAX_TOTAL_VOTING_POWER, 'max');
  vectors.push({
    name: 'power: one validator at the largest total (int64 max / 8)',
    kind: 'signed-header',
    chain_id: CHAIN,
    block: forgeWithList({
      height: '5',
      time: timeAfter(5),
      lastBlockHash: rootHash,
      list: atMax.list,
      signers: [atMax.signer],
    }),
    expect: accept,
  });
  for (const [name, power] of [
    ['power: one above the largest total', MAX_TOTAL_VOTING_POWER + 1n],
    ['power: 2^63 − 1', MAX_INT64],
    ['power: 2^64 + 5000', (1n << 64n) + 5000n],
    ['power: zero', 0n],
  ] as const) {
    const single = lone(power, name);
    vectors.push({
      name,
      kind: 'signed-header',
      chain_id: CHAIN,
      block: forgeWithList({
        height: '5',
        time: timeAfter(5),
        lastBlockHash: rootHash,
        list: single.list,
        signers: [single.signer],
        headerSetHash: hashOfList(single.list, true),
      }),
      expect: refuse('power-out-of-range'),
    });
  }
  const halves = named('half', [MAX_TOTAL_VOTING_POWER / 2n + 1n, MAX_TOTAL_VOTING_POWER / 2n + 1n]);
  vectors.push({
    name: 'power: a total above the largest',
    kind: 'signed-header',
    chain_id: CHAIN,
    block: forgeWithList({
      height: '5',
      time: timeAfter(5),
      lastBlockHash: rootHash,
      list: asList(halves),
      signers: halves,
    }),
    expect: refuse('total-power-out-of-range'),
  });
  const three = asList(named('d', [30n, 20n, 10n]));
  vectors.push({
    name: 'set: one validator listed twice',
    kind: 'signed-header',
    chain_id: CHAIN,
    block: forgeWithList({
      height: '5',
      time: timeAfter(5),
      lastBlockHash: rootHash,
      list: [three[0], three[0], three[1], three[2]],
      signers: [],
    }),
    expect: refuse('duplicate-validator'),
  });
  const unordered = [three[2], three[0], three[1]];
  vectors.push({
    name: 'set: not in CometBFT’s order (the header names the hash of that order)',
    kind: 'signed-header',
    chain_id: CHAIN,
    block: forgeWithList({
      height: '5',
      time: timeAfter(5),
      lastBlockHash: rootHash,
      list: unordered,
      signers: named('d', [30n, 20n, 10n]),
    }),
    expect: refuse('validator-set-out-of-order'),
  });
  const equalPowers = asList(named('e', [10n, 10n, 10n]));
  vectors.push({
    name: 'set: equal powers out of address order',
    kind: 'signed-header',
    chain_id: CHAIN,
    block: forgeWithList({
      height: '5',
      time: timeAfter(5),
      lastBlockHash: rootHash,
      list: [equalPowers[1], equalPowers[0], equalPowers[2]],
      signers: named('e', [10n, 10n, 10n]),
    }),
    expect: refuse('validator-set-out-of-order'),
  });
  const mislabelled = asList(named('m', [30n, 20n]));
  vectors.push({
    name: 'set: an address that is not its key’s',
    kind: 'signed-header',
    chain_id: CHAIN,
    block: forgeWithList({
      height: '5',
      time: timeAfter(5),
      lastBlockHash: rootHash,
      list: [mislabelled[0], { ...mislabelled[1], address: 'AB'.repeat(20) }],
      signers: [],
    }),
    expect: refuse('address-not-of-key'),
  });
  // Heights and rounds past their types.
  const signersOfFive = five;
  const relabel = (height: string) => {
    const block = clone(later());
    block.signed_header.header.height = height;
    block.signed_header.commit.height = height;
    return block;
  };
  vectors.push(
    step(
      'height: 2^64 + 500 (a real header relabelled)',
      relabel(String((1n << 64n) + 500n)),
      refuse('integer-out-of-range'),
    ),
  );
  vectors.push(step('height: 2^63', relabel(String(1n << 63n)), refuse('integer-out-of-range')));
  vectors.push(
    step(
      'height: 2^63 − 1, signed as such',
      forgeLightBlock({
        chainId: CHAIN,
        height: MAX_INT64,
        time: timeAfter(3600),
        lastBlockHash: 'AB'.repeat(32),
        validators: signersOfFive,
      }).block,
      accept,
    ),
  );
  const withCommit = (change: (block: LightBlockJson) => void) => {
    const block = clone(next());
    change(block);
    return block;
  };
  vectors.push(
    step(
      'round: 2^31',
      withCommit((block) => (block.signed_header.commit.round = 2 ** 31)),
      refuse('integer-out-of-range'),
    ),
  );
  vectors.push(
    step(
      'round: −1',
      withCommit((block) => (block.signed_header.commit.round = -1)),
      refuse('integer-out-of-range'),
    ),
  );
  vectors.push(
    step(
      'round: 0.5',
      withCommit((block) => (block.signed_header.commit.round = 0.5)),
      refuse('integer-out-of-range'),
    ),
  );
  vectors.push(
    step(
      'part total: 2^32',
      withCommit((block) => (block.signed_header.commit.block_id.parts.total = 2 ** 32)),
      refuse('integer-out-of-range'),
    ),
  );
  vectors.push(
    step(
      'block id flag: 7',
      withCommit((block) => (block.signed_header.commit.signatures[0].block_id_flag = 7)),
      refuse('integer-out-of-range'),
    ),
  );
  return vectors;
}

function signatureVectors(): LightVector[] {
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

function genesisVectors(): LightVector[] {
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

/** Every vector, in a stable order (the Go checker and the committed file follow it). */
export function lightVectors(): LightVector[] {
  return [...stepVectors(), ...boundVectors(), ...signatureVectors(), ...genesisVectors()];
}
