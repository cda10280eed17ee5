import { describe, expect, it } from 'vitest';

import { signerOf } from '../testing/forge-chain.ts';
import { validatorSetHashOf, type ValidatorJson } from './validator-set.ts';

// A set's hash is remembered by what it depends on. The node writes every field, so no other set
// may be taken for one already hashed: a set that merges two validators into one made-up entry
// must not pass as the real set (its lone signer would then hold more than 2/3 of the power).

describe('the hash of a validator set', () => {
  const [first, second, third] = [signerOf('set a', 100n), signerOf('set b', 50n), signerOf('set c', 10n)].map(
    (signer) => signer.validator,
  );

  it('is never the one of another set whose fields, run together, read the same', () => {
    const honest = validatorSetHashOf([first, second, third]);
    expect(honest).toHaveProperty('hash');
    const merged: ValidatorJson = {
      address: `${second.address}/${second.pub_key.type}/${second.pub_key.value}/${second.voting_power},${third.address}`,
      pub_key: third.pub_key,
      voting_power: third.voting_power,
    };
    const forged = validatorSetHashOf([first, merged]);
    expect(forged).not.toEqual(honest);
    // And the honest set, asked again, is still its own.
    expect(validatorSetHashOf([first, second, third])).toEqual(honest);
  });

  it('changes with a voting power', () => {
    const honest = validatorSetHashOf([first, second, third]);
    expect(validatorSetHashOf([first, { ...second, voting_power: '51' }, third])).not.toEqual(honest);
  });
});
