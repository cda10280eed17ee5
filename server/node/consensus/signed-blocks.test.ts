import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import {
  commitHashOf,
  commitProblem,
  dataHashOf,
  resultsHashOf,
  validatorSetHashOf,
  type CommitJson,
  type TxResultJson,
  type ValidatorJson,
} from '../../test/light-check.ts';

// The embedded node's blocks are signed by validators as a CometBFT v0.38 chain's are: checked
// with a light client's rules (light-check.ts), first on a real node's block, then on the node's.

interface HeaderJson {
  height: string;
  chain_id: string;
  validators_hash: string;
  next_validators_hash: string;
  last_commit_hash: string;
  data_hash: string;
  last_results_hash: string;
  app_hash: string;
  last_block_id: { hash: string };
}

interface RealBlock {
  chain_id: string;
  header: HeaderJson;
  block_id: CommitJson['block_id'];
  validators: { address: string; pub_key_base64: string; power: string }[];
  commit_signatures: CommitJson['signatures'];
  last_commit: CommitJson;
}

const real = JSON.parse(
  readFileSync(new URL('../../../test-vectors/cometbft-signed-header-361.json', import.meta.url), 'utf8'),
) as RealBlock;

const realValidators: ValidatorJson[] = real.validators.map((validator) => ({
  address: validator.address,
  pub_key: { type: 'tendermint/PubKeyEd25519', value: validator.pub_key_base64 },
  voting_power: validator.power,
}));
const realCommit: CommitJson = {
  height: real.header.height,
  round: 0,
  block_id: real.block_id,
  signatures: real.commit_signatures,
};

describe('the light-client checks, on a real node block', () => {
  it('accept the real commit and hashes', () => {
    expect(validatorSetHashOf(realValidators)).toBe(real.header.validators_hash);
    expect(commitProblem(real.chain_id, real.header, real.block_id.hash, realCommit, realValidators)).toBeNull();
    expect(commitHashOf(real.last_commit.signatures)).toBe(real.header.last_commit_hash);
  });

  it('refuse a signature over another chain, or a set that is not the header’s', () => {
    expect(commitProblem('another-chain', real.header, real.block_id.hash, realCommit, realValidators)).toMatch(
      /does not verify/,
    );
    const weightier = realValidators.map((validator) => ({ ...validator, voting_power: '1001' }));
    expect(commitProblem(real.chain_id, real.header, real.block_id.hash, realCommit, weightier)).toMatch(
      /does not hash to validators_hash/,
    );
  });
});

interface Answer<T> {
  result: T;
  error?: { data: string };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ livePeriodS: 30, keepBlocks: 400 });
  h.node.advance(260, 2000);
});
afterAll(async () => {
  await h.close();
});

const rpc = async <T>(path: string) => (await h.get(`/rpc/${path}`)).json as Answer<T>;

describe('the embedded node’s signed blocks', () => {
  it('carry commits of more than 2/3 of a set that hashes to validators_hash, across set changes', async () => {
    const latest = h.node.height;
    const sets = new Set<string>();
    let absentSeen = false;
    for (let height = latest - 200n; height < latest; height++) {
      const commit = await rpc<{ signed_header: { header: HeaderJson; commit: CommitJson }; canonical: boolean }>(
        `commit?height=${height}`,
      );
      const validators = await rpc<{ validators: ValidatorJson[]; total: string }>(
        `validators?height=${height}&per_page=100`,
      );
      const { header, commit: signed } = commit.result.signed_header;
      const block = await rpc<{ block_id: { hash: string } }>(`block?height=${height}`);
      expect(
        commitProblem(header.chain_id, header, block.result.block_id.hash, signed, validators.result.validators),
      ).toBeNull();
      expect(commit.result.canonical).toBe(true);
      sets.add(header.validators_hash);
      absentSeen ||= signed.signatures.some((sig) => sig.block_id_flag === 1);
      const next = await rpc<{ header: HeaderJson }>(`header?height=${height + 1n}`);
      expect(next.result.header.validators_hash).toBe(header.next_validators_hash);
      expect(next.result.header.last_block_id.hash).toBe(block.result.block_id.hash);
    }
    // The set changed (a validator joined, left or changed power) within these 200 blocks.
    expect(sets.size).toBeGreaterThan(1);
    expect(absentSeen).toBe(true);
  });

  it('link each header to the commit, transactions and results it names', async () => {
    for (let height = h.node.height - 30n; height <= h.node.height; height++) {
      const block = await rpc<{
        block: { header: HeaderJson; data: { txs: string[] }; last_commit: CommitJson };
      }>(`block?height=${height}`);
      const { header, data, last_commit: lastCommit } = block.result.block;
      expect(commitHashOf(lastCommit.signatures)).toBe(header.last_commit_hash);
      expect(dataHashOf(data.txs)).toBe(header.data_hash);
      const previous = await rpc<{ txs_results: TxResultJson[] | null; app_hash: string }>(
        `block_results?height=${height - 1n}`,
      );
      expect(resultsHashOf(previous.result.txs_results)).toBe(header.last_results_hash);
      // The app hash FinalizeBlock returned for H-1 is the one header H carries.
      expect(Buffer.from(previous.result.app_hash, 'base64').toString('hex').toUpperCase()).toBe(header.app_hash);
    }
  });

  it('serve /validators in pages and the latest commit as not yet canonical', async () => {
    const all = await rpc<{ validators: ValidatorJson[]; total: string; count: string }>('validators');
    expect(all.result.count).toBe(all.result.total);
    const first = await rpc<{ validators: ValidatorJson[]; count: string }>('validators?per_page=2&page=1');
    const second = await rpc<{ validators: ValidatorJson[] }>('validators?per_page=2&page=2');
    expect([...first.result.validators, ...second.result.validators]).toEqual(all.result.validators.slice(0, 4));
    const beyond = await rpc<unknown>('validators?per_page=2&page=9');
    expect(beyond.error?.data).toMatch(/page should be within \[1, \d\] range, given 9/);
    const latest = await rpc<{ canonical: boolean; signed_header: { header: HeaderJson } }>('commit');
    expect(latest.result.canonical).toBe(false);
    expect(latest.result.signed_header.header.height).toBe(String(h.node.height));
    const future = await rpc<unknown>(`commit?height=${h.node.height + 5n}`);
    expect(future.error?.data).toBe(
      `height ${h.node.height + 5n} must be less than or equal to the current blockchain height ${h.node.height}`,
    );
  });
});
