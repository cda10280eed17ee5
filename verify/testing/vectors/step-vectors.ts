import { forgeLightBlock, signerOf, timeAfter } from '../forge-chain.ts';
import {
  accept,
  byPower,
  CHAIN,
  DAY,
  five,
  later,
  named,
  next,
  refuse,
  rootHash,
  step,
  type LightVector,
} from './vector-kit.ts';

// Adjacent and skipping steps: who must sign, the verifier's clock and its trusting period's edge,
// and a former 39 % holder's late fork.

export function stepVectors(): LightVector[] {
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
