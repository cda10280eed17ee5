import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { openNode } from '../../../test/harness.ts';
import { serveNode } from '../../../test/served-answers-kit.ts';

// A data dir written by Polity before its node proved anything (chain.json says
// "blockHashes": "cometbft": one made-up validator, no signatures, no store trees), opened by
// this version: every block, its results and the reads pinned to each height answer the bytes
// that version served (recorded as their SHA-256 in the fixture), and chain.json is left as it was.

const FIXTURE = new URL('../../../test/fixtures/data-dir-before-proofs/', import.meta.url);

interface Recorded {
  policy: string;
  answers: Record<string, string>;
}

const recorded = JSON.parse(readFileSync(new URL('answers.json', FIXTURE), 'utf8')) as Recorded;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('a data dir written before proofs', () => {
  it('serves the blocks, results and pinned reads it served, byte for byte', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-before-proofs-'));
    dirs.push(dataDir);
    for (const file of ['chain.json', 'blocks.log']) cpSync(new URL(file, FIXTURE), join(dataDir, file));
    const chainJson = readFileSync(join(dataDir, 'chain.json'), 'utf8');
    const node = openNode({ dataDir, keepRecent: 60 });
    expect(node.params.blockHashes).toBe('cometbft');
    expect(node.storesAt(node.height)).toBeUndefined();
    const served = await serveNode(node);
    try {
      const text = async (path: string, height?: bigint) => {
        const headers: Record<string, string> = height === undefined ? {} : { 'x-cosmos-block-height': String(height) };
        const answer = await fetch(served.base + path, { headers });
        return sha(`${answer.status} ${await answer.text()}`);
      };
      const answers: Record<string, string> = {};
      const earliest = BigInt(recorded.answers['earliest block']);
      const latest = BigInt(recorded.answers['latest block']);
      answers['earliest block'] = String(node.blocks.base);
      answers['latest block'] = String(node.height);
      for (let height = earliest; height <= latest; height++) {
        answers[`block ${height}`] = await text(`/rpc/block?height=${height}`);
        answers[`results ${height}`] = await text(`/rpc/block_results?height=${height}`);
        answers[`read ${height}`] = await text('/cosmos/group/v1/groups?pagination.limit=100', height);
        const proposals = `/cosmos/group/v1/proposals_by_group_policy/${recorded.policy}`;
        answers[`proposals ${height}`] = await text(proposals, height);
      }
      expect(answers).toEqual(recorded.answers);
      // No proofs: this chain's headers commit to no store trees.
      const query = await (await fetch(`${served.base}/rpc/abci_query?path="/store/group/key"&data=0x0101`)).json();
      expect(query).toMatchObject({ error: { code: -32601 } });
    } finally {
      await served.close();
    }
    expect(readFileSync(join(dataDir, 'chain.json'), 'utf8')).toBe(chainJson);
  });
});
