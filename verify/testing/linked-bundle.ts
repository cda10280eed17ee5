import { toBase64 } from '@cosmjs/encoding';

import type { ProofBundle } from '../bundle-format.ts';
import { hexOf, sha256 } from '../bytes.ts';
import { merkleRoot } from '../records/merkle.ts';
import { resultBytes } from '../records/tx-proof.ts';
import { headerHashOf } from '../trust/header.ts';
import { forgeLightBlock, timeAfter } from './forge-chain.ts';
import { genesisSigners, pathJson, voteBundleOf, voter, voteTx } from './sample-bundles.ts';

// A made-up chain of six blocks, each naming the one before it: a vote in block 3, its result in
// 4. The bundle signs 1 (the genesis root), 4 and 6; with `links` it also carries 2 and 5, so
// every header from 6 down to 1 links by hash and any signed header can be an auditor's root.

const chainId = 'linked-1';

export function linkedBundle({ links = true } = {}): ProofBundle {
  const tx = voteTx(1);
  const result = { code: 0, data: null, gas_wanted: '200000', gas_used: '51234' };
  const blocks: ReturnType<typeof forgeLightBlock>[] = [];
  for (let height = 1n; height <= 6n; height += 1n) {
    blocks.push(
      forgeLightBlock({
        chainId,
        height,
        time: timeAfter(Number(height) * 5),
        lastBlockHash: blocks.at(-1)?.hash ?? '',
        validators: genesisSigners,
        ...(height === 3n ? { dataHash: hexOf(merkleRoot([sha256(tx)])) } : {}),
        ...(height === 4n ? { lastResultsHash: hexOf(merkleRoot([resultBytes(result)])) } : {}),
      }),
    );
  }
  const headerAt = (height: number) => blocks[height - 1].block.signed_header.header;
  return {
    ...voteBundleOf(chainId, blocks[0].block.validator_set),
    light_blocks: [blocks[0].block, { ...blocks[3].block, verified_from: '1' }, blocks[5].block],
    linked_headers: links ? [headerAt(2), headerAt(3), headerAt(5)] : [headerAt(3)],
    facts: [
      {
        kind: 'tx',
        height: '3',
        tx: toBase64(tx),
        tx_path: pathJson([sha256(tx)], 0),
        result,
        result_path: pathJson([resultBytes(result)], 0),
        claim: { kind: 'vote', proposal_id: '7', voter, option: 'VOTE_OPTION_YES' },
      },
    ],
  };
}

/** The hash of the made-up chain's header at `height`, as an auditor's own source would give it. */
export function linkedHash(bundle: ProofBundle, height: string): string {
  const found = [...bundle.light_blocks.map((block) => block.signed_header.header), ...bundle.linked_headers].find(
    (header) => header.height === height,
  );
  const hashed = found ? headerHashOf(found) : null;
  if (!hashed || 'problem' in hashed) throw new Error(`no header ${height}`);
  return hashed.hash;
}
