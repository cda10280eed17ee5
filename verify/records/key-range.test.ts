import { describe, expect, it } from 'vitest';

import { bytesOfHex } from '../bytes.ts';
import { realProofs } from '../testing/real-node.ts';
import { nextKeyInRange, rangeRecords, type RangeFactJson } from './key-range.ts';
import { stepsOfNeighbours, writtenRange } from './range-neighbours.ts';

// The walk over a key range, on a real node's answers (simd v0.50.13, its state after block 360):
// an absence proof names the next key the store holds, so the layout walked is x/group's own.

const proof = (name: string) => {
  const found = realProofs.proofs.find((entry) => entry.name === name);
  if (!found) throw new Error(`no sample ${name}`);
  return found;
};
const appHash = bytesOfHex(realProofs.app_hash)!;
const absentProposal = proof('proposal-1-pruned-absent');

describe('a range walked on a real node’s answers', () => {
  it('finds, after a pruned proposal, the next proposal the store holds under the proposal table', () => {
    const next = nextKeyInRange(absentProposal.ops, '3000');
    expect(next).toMatch(/^3000[0-9A-F]{16}$/);
    expect(BigInt(`0x${next!.slice(4)}`)).toBeGreaterThan(1n);
  });

  it('proves a range holds nothing with one step, and refuses a step that is not an absence', () => {
    const empty: RangeFactJson = {
      kind: 'range',
      height: '360',
      store: 'group',
      prefix: absentProposal.key_hex.toUpperCase(),
      steps: [{ key: absentProposal.key_hex.toUpperCase(), proof_ops: absentProposal.ops }],
      claim: {},
    };
    expect(rangeRecords(empty, appHash)).toEqual({ records: [] });
    const vote = proof('vote-6-bob');
    const forged: RangeFactJson = {
      ...empty,
      prefix: vote.key_hex.toUpperCase(),
      steps: [{ key: vote.key_hex.toUpperCase(), proof_ops: vote.ops }],
    };
    expect(rangeRecords(forged, appHash)).toEqual({
      problem: 'step 1: the proof says the key exists, not that it is absent',
    });
  });

  it('reads a walk written by its neighbours from the real node’s proofs as from its steps', () => {
    const empty: RangeFactJson = {
      kind: 'range',
      height: '360',
      store: 'group',
      prefix: absentProposal.key_hex.toUpperCase(),
      steps: [{ key: absentProposal.key_hex.toUpperCase(), proof_ops: absentProposal.ops }],
      claim: {},
    };
    const written = writtenRange(empty);
    expect('neighbours' in written && written.neighbours).toHaveLength(2);
    const steps = 'neighbours' in written ? stepsOfNeighbours(written.prefix, written) : null;
    if (!steps || 'problem' in steps) throw new Error('not rebuilt');
    expect(rangeRecords({ ...empty, steps }, appHash)).toEqual({ records: [] });
    // Its neighbour (the real node's next proposal) changed by one byte: the rebuilt step does not verify.
    if ('neighbours' in written) {
      const changed = [...written.neighbours];
      changed[1] = changed[1]!.slice(0, 20) + (changed[1]![20] === 'A' ? 'B' : 'A') + changed[1]!.slice(21);
      const broken = stepsOfNeighbours(written.prefix, { ...written, neighbours: changed });
      expect('problem' in broken ? broken : rangeRecords({ ...empty, steps: broken }, appHash)).toHaveProperty(
        'problem',
      );
    }
  });
});
