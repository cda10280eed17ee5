import { readFileSync } from 'node:fs';

import { fromBech32 } from '@cosmjs/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import { verifyStoreProof, type ProofOpJson } from '../../test/proof-check.ts';

// abci_query's store proofs, checked with @confio/ics23: first a real node's, then the embedded
// node's, for keys that exist and keys that do not, at several kept heights, against the app hash
// of the header after each height.

interface RealProofs {
  app_hash: string;
  proofs: { name: string; store: string; key_hex: string; value: string | null; ops: ProofOpJson[] }[];
}

const real = JSON.parse(
  readFileSync(new URL('../../../test-vectors/iavl-proofs-simd-h360.json', import.meta.url), 'utf8'),
) as RealProofs;

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'));

describe('the proof checks, on a real node’s proofs', () => {
  it('verify every existence and absence proof against header 361’s app hash', () => {
    expect(real.proofs.length).toBe(5);
    for (const proof of real.proofs) {
      const value = proof.value === null ? null : fromBase64(proof.value);
      expect(() =>
        verifyStoreProof(proof.ops, proof.store, hex(proof.key_hex), value, hex(real.app_hash)),
      ).not.toThrow();
    }
  });

  it('refuse a changed value, a key claimed absent that exists, and another app hash', () => {
    const existing = real.proofs.find((proof) => proof.value !== null);
    if (!existing?.value) throw new Error('no existence proof in the samples');
    const changed = fromBase64(existing.value);
    changed[changed.length - 1] ^= 1;
    expect(() => verifyStoreProof(existing.ops, 'group', hex(existing.key_hex), changed, hex(real.app_hash))).toThrow();
    expect(() => verifyStoreProof(existing.ops, 'group', hex(existing.key_hex), null, hex(real.app_hash))).toThrow();
    const otherRoot = hex(real.app_hash);
    otherRoot[0] ^= 1;
    expect(() =>
      verifyStoreProof(existing.ops, 'group', hex(existing.key_hex), fromBase64(existing.value ?? ''), otherRoot),
    ).toThrow();
  });
});

interface QueryAnswer {
  result: {
    response: {
      code: number;
      log: string;
      key: string | null;
      value: string | null;
      proofOps?: { ops: ProofOpJson[] };
      height: string;
    };
  };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ livePeriodS: 30, keepRecent: 120 });
  h.node.advance(150, 2000);
});
afterAll(async () => {
  await h.close();
});

const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(value);
  return bytes.toString('hex');
};
const addressHex = (address: string) => Buffer.from(fromBech32(address).data).toString('hex');

async function query(store: string, keyHex: string, height: bigint, prove = true) {
  const answer = (
    await h.get(`/rpc/abci_query?path="/store/${store}/key"&data=0x${keyHex}&height=${height}&prove=${prove}`)
  ).json as QueryAnswer;
  return answer.result.response;
}

async function appHashAfter(height: bigint): Promise<Uint8Array> {
  const header = (await h.get(`/rpc/header?height=${height + 1n}`)).json as {
    result: { header: { app_hash: string } };
  };
  return hex(header.result.header.app_hash);
}

async function expectProven(store: string, keyHex: string, height: bigint, exists: boolean) {
  const response = await query(store, keyHex, height);
  expect(response.code).toBe(0);
  expect(response.height).toBe(String(height));
  expect(response.value !== null).toBe(exists);
  const value = response.value === null ? null : fromBase64(response.value);
  verifyStoreProof(response.proofOps?.ops ?? [], store, hex(keyHex), value, await appHashAfter(height));
  return response;
}

describe('the embedded node’s abci_query', () => {
  it('proves x/group records and absences at kept heights against the next header’s app hash', async () => {
    const store = h.node.group.store;
    const proposals = Object.values(h.node.cast.proposals);
    const alive = proposals.find((id) => store.proposal(id) !== undefined);
    const pruned = proposals.find((id) => store.proposal(id) === undefined);
    if (alive === undefined || pruned === undefined) throw new Error('the demo chain has kept and pruned proposals');
    const groupId = Object.values(h.node.cast.groups)[0];
    const member = store.membersOf(groupId).valueAt(0);
    for (const height of [h.node.height - 100n, h.node.height - 37n, h.node.height - 1n]) {
      const proposal = await expectProven('group', `3000${u64(alive)}`, height, true);
      expect(proposal.key).toBe(Buffer.from(`3000${u64(alive)}`, 'hex').toString('base64'));
      await expectProven('group', `3000${u64(pruned)}`, height, false);
      await expectProven('group', `1000${u64(groupId)}${addressHex(member.address)}`, height, true);
      // A group id past the sequence: absent, between the last group and the group sequence.
      await expectProven('group', `0000${u64(1_000_000n)}`, height, false);
      // The module version map (x/upgrade): present from genesis on.
      await expectProven('upgrade', Buffer.from('\x02group', 'latin1').toString('hex'), height, true);
    }
  });

  it('answers the value alone without prove, and a pruned or future height as a node does', async () => {
    const keyHex = Buffer.from('\x02group', 'latin1').toString('hex');
    const plain = await query('upgrade', keyHex, h.node.height - 2n, false);
    expect(plain.proofOps).toBeUndefined();
    expect(plain.value).not.toBeNull();
    const pruned = await query('upgrade', keyHex, h.node.height - 500n);
    expect(pruned.code).toBe(18);
    expect(pruned.log).toMatch(/^failed to load state at height \d+; version does not exist/);
    const future = await query('upgrade', keyHex, h.node.height + 5n);
    expect(future.code).toBe(26);
  });
});
