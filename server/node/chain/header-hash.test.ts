import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { headerJsonHash, type HeaderJson } from '../../lib/cometbft-hash.ts';
import { openNode, startHarness } from '../../test/harness.ts';

// A block's hash is its header's CometBFT hash: on a real node (a header recorded from a
// v0.50.13 simd node, CometBFT v0.38) and on the embedded chain, so an archive can check any
// block it reads. Data dirs written before keep the hashes they served.

const hashOf = headerJsonHash;

const evidenceNone = 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855';
const validators = '321A136C8E12AD9FBFCF7BF979EC249440F3C6AB5EDE959D086C8D6D89A55DA6';

/** Block 29 of a one-validator simd v0.50.13 chain, as its `/block` answered. */
const realHeader: HeaderJson = {
  version: { block: '11' },
  chain_id: 'simd-local-1',
  height: '29',
  time: '2026-11-22T08:51:40.334478791Z',
  last_block_id: {
    hash: '5554721F7FAEFE7CD224812C64666123E9B8CB7E6E4C507AD10E833F0A0CB476',
    parts: { total: 1, hash: 'A7A4EC7B487EAC205B44DBDD4C8BB2A9860628D28BB854DFBEA43C3632C33926' },
  },
  last_commit_hash: '0CC1ABBD623AB329173B906444B5E1FF5E661BCE9361673E539314814C62CE9E',
  data_hash: '45314EEFDF708A0650BB3DC8D8C0E18F1D4A1555F0978C84FD8A957D8EC37935',
  validators_hash: validators,
  next_validators_hash: validators,
  consensus_hash: '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
  app_hash: '05660BEBE7C9C4644CB21B7C20747F55017DE651403A28094F25F2BB2B6BB1DF',
  last_results_hash: evidenceNone,
  evidence_hash: evidenceNone,
  proposer_address: '04284B4B0EAE6553821476BD1D7BD7B4B1936E74',
};

describe('block hashes', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("are CometBFT's header hash, as a real node's block shows", () => {
    expect(hashOf(realHeader)).toBe('33151A55D1207A6BC3F00CD556943B01186B709BDAD43FFD8E2895B6D711E74E');
    // Every field counts: one changed digit of the app hash or a nanosecond changes the hash.
    expect(hashOf({ ...realHeader, app_hash: realHeader.app_hash.replace(/^0/, '1') })).not.toBe(hashOf(realHeader));
    expect(hashOf({ ...realHeader, time: '2026-11-22T08:51:40.334478792Z' })).not.toBe(hashOf(realHeader));
  });

  it('of the embedded chain are the hashes of the headers it serves, each naming the one before', async () => {
    const h = await startHarness({ seed: 'header-hash', livePeriodS: 30 });
    try {
      h.node.advance(40, 3000);
      let previous = '';
      for (let height = h.node.height - 30n; height <= h.node.height; height++) {
        const answer = (await h.get(`/rpc/block?height=${height}`)).json as {
          result: { block_id: { hash: string }; block: { header: HeaderJson } };
        };
        expect(hashOf(answer.result.block.header)).toBe(answer.result.block_id.hash);
        if (previous) expect(answer.result.block.header.last_block_id.hash).toBe(previous);
        previous = answer.result.block_id.hash;
      }
    } finally {
      await h.close();
    }
  });

  it('of a data dir written before header hashes stay what that data dir served', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-hashes-'));
    dirs.push(dataDir);
    openNode({ dataDir, livePeriodS: 30 });
    // chain.json as an earlier Polity wrote it: no block hash scheme, no signer sequences.
    const paramsFile = join(dataDir, 'chain.json');
    const params = JSON.parse(readFileSync(paramsFile, 'utf8')) as Record<string, unknown>;
    expect(params.blockHashes).toBe('signed');
    expect(params.signerSequences).toBe(true);
    delete params.blockHashes;
    delete params.signerSequences;
    const olderParams = JSON.stringify(params, null, 2) + '\n';
    writeFileSync(paramsFile, olderParams);
    const older = openNode({ dataDir, livePeriodS: 30 });
    older.advance(8, 3000);
    const served = [5n, 6n, 7n, 8n].map((height) => older.blocks.get(older.height - 8n + height)?.hash);
    const restarted = openNode({ dataDir, livePeriodS: 30 });
    expect([5n, 6n, 7n, 8n].map((height) => restarted.blocks.get(restarted.height - 8n + height)?.hash)).toEqual(
      served,
    );
    expect(readFileSync(paramsFile, 'utf8')).toBe(olderParams);
    // The same chain begun today names its blocks by their CometBFT hashes instead.
    const today = openNode({ livePeriodS: 30 });
    today.advance(8, 3000);
    expect(today.blocks.get(today.height)?.hash).not.toBe(served[3]);
  });
});
