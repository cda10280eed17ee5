import { ics23 } from '@confio/ics23';
import { fromBase64, fromHex } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';

import { realProofs } from '../testing/real-node.ts';
import { statementOfRecord } from './facts.ts';
import { storeProofProblem } from './store-proof.ts';

// A real node's abci_query proofs (proposals, a vote, a member, a pruned proposal's absence)
// against the app hash of header 361, and what each record says.

const appHash = fromHex(realProofs.app_hash);
const byName = (name: string) => {
  const proof = realProofs.proofs.find((entry) => entry.name === name);
  if (!proof) throw new Error(`no sample ${name}`);
  return { ...proof, key: fromHex(proof.key_hex), bytes: proof.value === null ? null : fromBase64(proof.value) };
};

describe('store proofs of a real node', () => {
  it('prove every sample, present and absent', () => {
    for (const proof of realProofs.proofs) {
      const value = proof.value === null ? null : fromBase64(proof.value);
      expect(storeProofProblem(proof.ops, proof.store, fromHex(proof.key_hex), value, appHash), proof.name).toBeNull();
    }
  });

  it('say what the records hold', () => {
    const vote = byName('vote-6-bob');
    expect(statementOfRecord('group', vote.key, vote.bytes, 'cosmos')).toMatchObject({
      kind: 'vote',
      proposal_id: '6',
      option: 'VOTE_OPTION_YES',
      stored: 'yes',
    });
    const pruned = byName('proposal-1-pruned-absent');
    expect(statementOfRecord('group', pruned.key, null, 'cosmos')).toEqual({
      kind: 'proposal',
      proposal_id: '1',
      stored: 'no',
    });
    const decided = byName('proposal-3-decided');
    expect(statementOfRecord('group', decided.key, decided.bytes, 'cosmos')).toMatchObject({
      proposal_id: '3',
      stored: 'yes',
    });
    const member = byName('member-1-bob');
    expect(statementOfRecord('group', member.key, member.bytes, 'cosmos')).toMatchObject({
      kind: 'member',
      group_id: '1',
      stored: 'yes',
    });
  });

  it('refuse a proof for another key, a changed value, an absence claimed for a present key, another app hash', () => {
    const vote = byName('vote-6-bob');
    const proposal = byName('proposal-6');
    expect(storeProofProblem(vote.ops, 'group', proposal.key, vote.bytes, appHash)).toMatch(/does not hold/);
    const changed = Uint8Array.from(vote.bytes ?? []);
    changed[changed.length - 1] ^= 1;
    expect(storeProofProblem(vote.ops, 'group', vote.key, changed, appHash)).toMatch(/does not hold/);
    expect(storeProofProblem(vote.ops, 'group', vote.key, null, appHash)).toBe(
      'the proof says the key exists, not that it is absent',
    );
    const pruned = byName('proposal-1-pruned-absent');
    expect(storeProofProblem(pruned.ops, 'group', pruned.key, Uint8Array.of(1), appHash)).toBe(
      'the proof says the key is absent, not that it holds the value',
    );
    // An absence proof does not prove the absence of a key outside its neighbours.
    expect(storeProofProblem(pruned.ops, 'group', proposal.key, null, appHash)).toMatch(/does not hold/);
    // Two true neighbours that are not next to each other (proposal 3 lies between) prove nothing.
    const absence = ics23.CommitmentProof.decode(fromBase64(pruned.ops[0].data));
    const six = ics23.CommitmentProof.decode(fromBase64(proposal.ops[0].data));
    expect(absence.nonexist?.left?.value?.length).toBe(0);
    const spliced = ics23.CommitmentProof.encode({
      nonexist: { key: pruned.key, left: absence.nonexist?.left, right: six.exist },
    }).finish();
    const splicedOps = [{ ...pruned.ops[0], data: Buffer.from(spliced).toString('base64') }, pruned.ops[1]];
    expect(storeProofProblem(splicedOps, 'group', byName('proposal-3-decided').key, null, appHash)).toMatch(
      /does not hold/,
    );
    const otherRoot = Uint8Array.from(appHash);
    otherRoot[0] ^= 1;
    expect(storeProofProblem(vote.ops, 'group', vote.key, vote.bytes, otherRoot)).toMatch(/not in the app hash/);
    expect(storeProofProblem(vote.ops, 'upgrade', vote.key, vote.bytes, appHash)).toMatch(/not in the app hash/);
  });
});
