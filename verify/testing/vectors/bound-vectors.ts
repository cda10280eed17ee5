import { MAX_INT64, MAX_TOTAL_VOTING_POWER } from '../../trust/bounds.ts';
import type { LightBlockJson } from '../../trust/light-block.ts';
import { forgeLightBlock, signerOf, timeAfter } from '../forge-chain.ts';
import {
  accept,
  asList,
  CHAIN,
  clone,
  five,
  forgeWithList,
  hashOfList,
  later,
  named,
  next,
  refuse,
  rootHash,
  step,
  type LightVector,
} from './vector-kit.ts';

// Numbers past their types — powers, totals, heights, rounds, part totals, flags — and sets
// CometBFT would never make: each would wrap in a varint or an sfixed64, or count twice.

/** Powers and heights past their types: each would wrap in a varint or an sfixed64. */
export function boundVectors(): LightVector[] {
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
