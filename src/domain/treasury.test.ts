import { describe, expect, it } from 'vitest';

import { coinsText, spendLines, spendOf, sumCoins } from './treasury.ts';

// What a policy holds and what a proposal would take from it, in exact integers.

const send = (from: string, amount: { denom: string; amount: string }[]) => ({
  '@type': '/cosmos.bank.v1beta1.MsgSend',
  from_address: from,
  to_address: 'cosmos1to',
  amount,
});

describe('a treasury and what a proposal spends of it', () => {
  it('sums what the proposal sends out of its own policy, per denom, beyond any float', () => {
    const spend = spendOf(
      [
        send('cosmos1policy', [{ denom: 'stake', amount: '9007199254740993' }]),
        send('cosmos1policy', [
          { denom: 'stake', amount: '7' },
          { denom: 'uatom', amount: '5' },
        ]),
        send('cosmos1other', [{ denom: 'stake', amount: '100' }]),
        { '@type': '/cosmos.group.v1.MsgUpdateGroupMetadata', group_id: '1' },
      ],
      'cosmos1policy',
    );
    expect(spend).toEqual({
      coins: new Map([
        ['stake', 9007199254741000n],
        ['uatom', 5n],
      ]),
      delegates: false,
    });
    expect(spendOf([send('cosmos1other', [{ denom: 'stake', amount: '1' }])], 'cosmos1policy')).toBeNull();
  });

  it('counts the stake a proposal delegates as taken from the policy too', () => {
    const spend = spendOf(
      [
        send('cosmos1policy', [{ denom: 'stake', amount: '1000' }]),
        {
          '@type': '/cosmos.staking.v1beta1.MsgDelegate',
          delegator_address: 'cosmos1policy',
          validator_address: 'cosmosvaloper1v',
          amount: { denom: 'stake', amount: '5000' },
        },
      ],
      'cosmos1policy',
    )!;
    expect(spendLines(spend, new Map([['stake', 750000n]]))[0].words).toBe(
      "Sends or delegates 6,000 stake of the policy's 750,000 stake; after it, 744,000 stake would remain.",
    );
  });

  it('says what would remain, and warns where it would overdraw', () => {
    const held = sumCoins([[{ denom: 'stake', amount: '1200' }]]);
    expect(spendLines({ coins: new Map([['stake', 500n]]), delegates: false }, held)).toEqual([
      {
        denom: 'stake',
        overdraws: false,
        words: "Sends 500 stake of the policy's 1,200 stake; after it, 700 stake would remain.",
      },
    ]);
    expect(spendLines({ coins: new Map([['uatom', 3n]]), delegates: false }, held)[0]).toEqual({
      denom: 'uatom',
      overdraws: true,
      words:
        'Sends 3 uatom, more than the policy holds: it has 0 uatom, 3 uatom short. Executing it now would fail for want of funds.',
    });
  });

  it('adds the policies of a group per denom, and says an empty treasury is empty', () => {
    const total = sumCoins([
      [{ denom: 'stake', amount: '1000000' }],
      [
        { denom: 'stake', amount: '10000000000' },
        { denom: 'uatom', amount: '2' },
      ],
      [],
    ]);
    expect(coinsText(total)).toBe('10,001,000,000 stake and 2 uatom');
    expect(coinsText(sumCoins([]))).toBe('nothing');
  });

  it('shows amounts in the display unit the chain’s metadata names, exactly, and base units elsewhere', () => {
    const units = new Map([['uregen', { display: 'REGEN', exponent: 6 }]]);
    const held = sumCoins([
      [
        { denom: 'uregen', amount: '1234567000001' },
        { denom: 'stake', amount: '5' },
      ],
    ]);
    expect(coinsText(held, units)).toBe('1,234,567.000001 REGEN and 5 stake');
    expect(coinsText(new Map([['uregen', 1_500_000n]]), units)).toBe('1.5 REGEN');
    expect(spendLines({ coins: new Map([['uregen', 2_000_000n]]), delegates: false }, held, units)[0].words).toBe(
      "Sends 2 REGEN of the policy's 1,234,567.000001 REGEN; after it, 1,234,565.000001 REGEN would remain.",
    );
  });
});
