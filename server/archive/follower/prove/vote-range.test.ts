import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FactJson } from '../../../../verify/bundle-format.ts';
import { factVerdict } from '../../../../verify/bundle-verify.ts';
import type { RangeFactJson } from '../../../../verify/records/key-range.ts';
import { stepsOfNeighbours, writtenRange } from '../../../../verify/records/range-neighbours.ts';
import { describeStatement } from '../../../../verify/report-words.ts';
import type { HeaderJson } from '../../../../verify/trust/header.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { ProofReader } from '../../source/proof-reader.ts';
import { LightClient, type HeaderVault, type VerifiedBlock } from '../../source/trust/light-client.ts';
import { FactEvidence } from './fact-evidence.ts';
import { votePrefixHex } from './store-keys.ts';

// A proposal's votes, proven complete: absence proofs walked from neighbour to neighbour over the
// vote table's prefix of that proposal show every vote the state holds, and that there is no other.
// Drop one step, cut the walk short, shift a neighbour or claim another count: refused, and said why.

interface VotesAnswer {
  votes: { voter: string; option: string }[];
}

describe('a proposal’s votes, proven complete by a walk of absence proofs', () => {
  let h: Harness;
  let fact: RangeFactJson;
  let header: HeaderJson;
  let voters: string[];
  let proposalId = '';

  beforeAll(async () => {
    h = await startHarness({ seed: 'vote-range', livePeriodS: 30 });
    h.node.advance(20, 3000);
    const height = h.node.height - 1n;
    // An open proposal with several votes, as the node's own query lists them at that height.
    for (const id of Array.from({ length: 120 }, (_, index) => String(index + 1))) {
      const answer = await h.get(`/cosmos/group/v1/votes_by_proposal/${id}?pagination.limit=1000`, {
        headers: { 'x-cosmos-block-height': String(height) },
      });
      const votes = (answer.json as VotesAnswer).votes ?? [];
      if (answer.status === 200 && votes.length >= 3) {
        proposalId = id;
        voters = votes.map((vote) => vote.voter);
        break;
      }
    }
    expect(proposalId).not.toBe('');
    const reader = new ProofReader(`${h.base}/rpc`);
    const chainId = await reader.chainId();
    const kept = new Map<bigint, VerifiedBlock>();
    const vault: HeaderVault = {
      atOrBelow: async (at) => [...kept.values()].filter((block) => BigInt(block.header.height) <= at).at(-1) ?? null,
      save: async (block) => void kept.set(BigInt(block.header.height), block),
      saved: async () => undefined,
    };
    const light = new LightClient(
      reader,
      vault,
      chainId,
      { kind: 'genesis' },
      {
        ...chainClock(h.node),
        trustingPeriodSeconds: 60n * 86_400n,
      },
    );
    const evidence = new FactEvidence(reader, light, 'cosmos');
    const proven = await evidence.range(
      'group',
      votePrefixHex(proposalId),
      height,
      { kind: 'vote-set', proposal_id: proposalId, count: String(voters.length) },
      10_000,
    );
    if (!proven.verified) throw new Error(proven.reason);
    fact = proven.fact as RangeFactJson;
    header = (await light.verify(height + 1n)).header;
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  const verdictOf = (changed: FactJson) =>
    factVerdict(changed, new Map([[String(BigInt(fact.height) + 1n), header]]), 'cosmos');

  it('shows every vote the state holds, one absence proof after each, and says so', () => {
    expect(fact.steps).toHaveLength(voters.length + 1);
    const verdict = verdictOf(fact);
    expect(verdict.ok).toBe(true);
    expect(
      verdict.proven?.ballots
        ?.split(' ')
        .map((ballot) => ballot.split('=')[0])
        .sort(),
    ).toEqual([...voters].sort());
    expect(describeStatement(verdict.proven ?? {})).toMatch(
      new RegExp(`^all ${voters.length} votes on #${proposalId} \\(.+\\), complete$`),
    );
    expect(verdict.how).toMatch(/^complete: every key under its prefix in the group store after block \d+/);
  });

  it('refuses a walk with a step left out, cut short, or shifted, and a claim of another count', () => {
    const without = structuredClone(fact);
    without.steps.splice(2, 1);
    expect(verdictOf(without)).toMatchObject({ ok: false, code: 'range-incomplete' });
    expect(verdictOf(without).how).toMatch(/does not follow the neighbours/);

    const short = structuredClone(fact);
    short.steps.pop();
    expect(verdictOf(short)).toMatchObject({ ok: false, code: 'range-incomplete' });
    expect(verdictOf(short).how).toMatch(/cut short/);

    const shifted = structuredClone(fact);
    shifted.steps[1] = structuredClone(fact.steps[2]);
    expect(verdictOf(shifted)).toMatchObject({ ok: false, code: 'range-incomplete' });

    const fewer = structuredClone(fact);
    fewer.claim = { ...fewer.claim, count: String(voters.length - 1) };
    expect(verdictOf(fewer)).toMatchObject({ ok: false, code: 'claim-mismatch' });
  });

  it('writes the walk by its neighbours, about half the bytes, and reads back every step', () => {
    const written = writtenRange(fact);
    expect('neighbours' in written && written.neighbours).toHaveLength(voters.length + 2);
    expect(JSON.stringify(written).length).toBeLessThan(JSON.stringify(fact).length * 0.6);
    const read = (neighbours: (string | null)[]) => {
      const steps = 'neighbours' in written ? stepsOfNeighbours(fact.prefix, { ...written, neighbours }) : null;
      if (!steps || 'problem' in steps) throw new Error('not rebuilt');
      return verdictOf({ ...fact, steps });
    };
    const neighbours = 'neighbours' in written ? written.neighbours : [];
    expect(read(neighbours)).toMatchObject({ ok: true, proven: verdictOf(fact).proven });
    // A vote's neighbour left out: the keys either side of the gap are not neighbours in the tree.
    expect(read(neighbours.filter((_, index) => index !== 2))).toMatchObject({ ok: false });
    // The walk ended early: the last neighbour named is not past the prefix.
    expect(read(neighbours.slice(0, -2))).toMatchObject({ ok: false, code: 'range-incomplete' });
  });
});
