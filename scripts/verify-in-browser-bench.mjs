// How long the reader's browser takes to check a proposal's proof bundle: a made-up chain (the
// test kit's forge-chain, five validators as on the embedded chain) holds one proposal's 2,500
// votes, spread over fewer or more blocks; the bundle is checked in Chromium by the dashboard's
// own worker (src/features/proofs/verify-worker.ts, bundled here with esbuild), as a page does.
//   node scripts/verify-in-browser-bench.mjs [--votes 2500] [--per-block 25[,5,1]] [--runs 5]
// Prints, per spread: the bundle's size, the signed headers it holds, and the time from handing
// the bytes to a new worker to its report (median of the runs; the first, cold one apart).
/* global Worker -- functions passed to page.evaluate run in the browser */
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { register } from 'tsx/esm/api';

register();
const { toBase64, toBech32 } = await import('@cosmjs/encoding');
const { MsgVote } = await import('cosmjs-types/cosmos/group/v1/tx');
const { TxBody, TxRaw } = await import('cosmjs-types/cosmos/tx/v1beta1/tx');
const { BUNDLE_FORMAT } = await import('../verify/bundle-format.ts');
const { hexOf, sha256, utf8 } = await import('../verify/bytes.ts');
const { merklePathOf, merkleRoot } = await import('../verify/records/merkle.ts');
const { resultBytes } = await import('../verify/records/tx-proof.ts');
const { forgeLightBlock, signerOf, timeAfter } = await import('../verify/testing/forge-chain.ts');
const { completeSets } = await import('../server/bench/complete-sets.ts');
const { verifyBundle } = await import('../verify/bundle-verify.ts');
const { claimsOf } = await import('../verify/records/claims.ts');
const { writtenRange } = await import('../verify/records/range-neighbours.ts');

const { values } = parseArgs({
  options: {
    votes: { type: 'string', default: '2500' },
    'per-block': { type: 'string', default: '25' },
    /** Non-voting members beside the voters, walked with them (the budget's bundle: none). */
    'non-voters': { type: 'string', default: '0' },
    runs: { type: 'string', default: '5' },
  },
});
const VOTES = Number(values.votes);
// The made-up chain is dated 2026-01-01: checked with a period that still covers it, whenever run.
const TRUSTING_PERIOD = 10 * 365 * 86_400;
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, '..');
const chainId = 'bench-1';
const validators = ['a', 'b', 'c', 'd', 'e'].map((name, index) => signerOf(name, BigInt(10 + index)));

const pathJson = (items, index) => {
  const proof = merklePathOf(items, index);
  return { total: String(proof.total), index: String(proof.index), aunts: proof.aunts.map((aunt) => toBase64(aunt)) };
};

function voteTx(voter, option) {
  const message = MsgVote.encode(MsgVote.fromPartial({ proposalId: 7n, voter, option })).finish();
  const body = TxBody.encode(
    TxBody.fromPartial({ messages: [{ typeUrl: '/cosmos.group.v1.MsgVote', value: message }] }),
  );
  return TxRaw.encode({ bodyBytes: body.finish(), authInfoBytes: new Uint8Array(), signatures: [] }).finish();
}

/** A proposal's bundle as the archive assembles one: each vote's block linked from the next, signed, header. */
function proposalBundle(votes, perBlock) {
  const genesis = forgeLightBlock({ chainId, height: 1n, time: timeAfter(0), lastBlockHash: '', validators });
  const lightBlocks = [genesis.block];
  const linked = [];
  const facts = [];
  const ballots = [];
  let last = { height: 1n, hash: genesis.hash, time: 0 };
  for (let first = 0, block = 0; first < votes; first += perBlock, block += 1) {
    const height = 100n + 10n * BigInt(block);
    const txs = [];
    for (let index = first; index < Math.min(votes, first + perBlock); index += 1) {
      const voter = toBech32('cosmos', sha256(utf8(`voter ${index}`)).slice(0, 20));
      txs.push({ voter, option: 1 + (index % 4), bytes: voteTx(voter, 1 + (index % 4)) });
      ballots.push({ voter, option: 1 + (index % 4) });
    }
    const result = { code: 0, data: null, gas_wanted: '200000', gas_used: '51234' };
    const leaves = txs.map((tx) => sha256(tx.bytes));
    const results = txs.map(() => resultBytes(result));
    const time = 60 * block;
    const voteBlock = forgeLightBlock({
      chainId,
      height,
      time: timeAfter(time + 10),
      lastBlockHash: hexOf(sha256(utf8(`block ${height - 1n}`))),
      validators,
      dataHash: hexOf(merkleRoot(leaves)),
    });
    const resultBlock = forgeLightBlock({
      chainId,
      height: height + 1n,
      time: timeAfter(time + 15),
      lastBlockHash: voteBlock.hash,
      validators,
      lastResultsHash: hexOf(merkleRoot(results)),
    });
    linked.push(voteBlock.block.signed_header.header);
    last = { height: height + 1n, hash: resultBlock.hash, time: time + 15 };
    lightBlocks.push({ ...resultBlock.block, verified_from: '1' });
    txs.forEach((tx, index) =>
      facts.push({
        kind: 'tx',
        height: String(height),
        tx: toBase64(tx.bytes),
        tx_path: pathJson(leaves, index),
        result,
        result_path: pathJson(results, index),
        claim: { kind: 'vote', proposal_id: '7', voter: tx.voter },
      }),
    );
  }
  const bundle = {
    format: BUNDLE_FORMAT,
    chain_id: chainId,
    bech32_prefix: 'cosmos',
    subject: { kind: 'proposal', id: '7', label: 'Proposal #7' },
    trust_root: {
      kind: 'genesis',
      initial_height: '1',
      genesis_time: timeAfter(-5),
      validators: genesis.block.validator_set,
    },
    trusting_period_seconds: '1209600',
    light_blocks: lightBlocks,
    linked_headers: linked,
    facts,
    unproven: [],
  };
  return { bundle, ballots, last };
}

/**
 * The same bundle made complete, as the archive proves a proposal's votes: its record, its votes
 * and its group's members walked in the state after a block past the last vote, and the claims
 * the archive writes of what that shows.
 */
function completeBundle(votes, perBlock, nonVoters) {
  const { bundle, ballots, last } = proposalBundle(votes, perBlock);
  const state = last.height + 5n;
  const sets = completeSets({
    chainId,
    validators,
    proposalId: 7n,
    groupId: 3n,
    policyAddress: toBech32('cosmos', sha256(utf8('policy')).slice(0, 32)),
    ballots,
    nonVoters: Array.from({ length: nonVoters }, (_, index) =>
      toBech32('cosmos', sha256(utf8(`member ${index}`)).slice(0, 20)),
    ),
    height: state,
    time: timeAfter(last.time + 60),
    lastBlockHash: hexOf(sha256(utf8(`block ${state}`))),
    // As the archive: a group's members are walked beside the votes where it has 600 at most.
    walkMembers: ballots.length + nonVoters <= 600,
  });
  bundle.light_blocks.push({ ...sets.lightBlock, verified_from: '1' });
  bundle.facts.push(...sets.facts);
  const report = verifyBundle(structuredClone(bundle), { trustingPeriodSeconds: BigInt(TRUSTING_PERIOD) });
  bundle.claims = claimsOf(report.completeness);
  if (!report.ok || !bundle.claims.some((claim) => claim.subject === "proposal #7's votes"))
    throw new Error(
      `the complete bundle does not verify: ${JSON.stringify(report.completeness)} ${report.problem ?? ''}`,
    );
  // Written as the archive serves it: each walk by its neighbours.
  bundle.facts = bundle.facts.map((fact) => (fact.kind === 'range' ? writtenRange(fact) : fact));
  return bundle;
}

const worker = await build({
  entryPoints: [path.join(root, 'src/features/proofs/verify-worker.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
});
const files = { '/worker.js': { type: 'text/javascript', body: worker.outputFiles[0].contents } };
const server = createServer((request, response) => {
  const file = files[request.url ?? ''] ?? { type: 'text/html', body: '<!doctype html><title>bench</title>' };
  response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
  response.end(file.body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const seconds = (millis) => `${(millis / 1000).toFixed(2)} s`;
const median = (list) => [...list].sort((left, right) => left - right)[Math.floor(list.length / 2)];
console.log(
  `verifying a proposal's proof bundle in Chromium (a worker, ${validators.length} validators, ${VOTES.toLocaleString('en-US')} votes)`,
);
const spreads = values['per-block'].split(',').map(Number);
const variants = [
  ...spreads.map((perBlock) => ({ perBlock, complete: false })),
  { perBlock: spreads[0], complete: true },
];
for (const { perBlock, complete } of variants) {
  const bundle = complete
    ? completeBundle(VOTES, perBlock, Number(values['non-voters']))
    : proposalBundle(VOTES, perBlock).bundle;
  files['/bundle.json'] = { type: 'application/json', body: JSON.stringify(bundle) };
  const page = await browser.newPage();
  await page.goto(base);
  const times = await page.evaluate(
    async ({ runs, TRUSTING_PERIOD }) => {
      const bytes = new Uint8Array(await (await fetch('/bundle.json')).arrayBuffer());
      const out = [];
      for (let run = 0; run < runs + 1; run += 1) {
        const started = performance.now();
        const checker = new Worker('/worker.js', { type: 'module' });
        const answer = await new Promise((resolve, reject) => {
          checker.onmessage = (event) => resolve(event.data);
          checker.onerror = (event) => reject(new Error(event.message));
          checker.postMessage({ bytes, trustingPeriodSeconds: TRUSTING_PERIOD });
        });
        checker.terminate();
        if (answer.error) throw new Error(answer.error);
        const { report, millis } = answer.verified;
        out.push({
          total: performance.now() - started,
          inWorker: millis,
          ok: report.ok,
          facts: report.facts.filter((fact) => fact.ok).length,
          problem: report.problem ?? report.facts.find((fact) => !fact.ok)?.problem ?? null,
          complete: report.completeness.filter((line) => line.state === 'complete' || line.state === 'reconciled')
            .length,
          signed: report.steps.filter((step) => step.how !== 'hash link').length,
          bytes: bytes.length,
        });
      }
      return out;
    },
    { runs: RUNS, TRUSTING_PERIOD },
  );
  await page.close();
  const [cold, ...warm] = times;
  if (!cold.ok || cold.facts !== bundle.facts.length)
    throw new Error(`the bundle did not verify: ${JSON.stringify(cold)}`);
  const took = median(warm.map((run) => run.total));
  console.log(
    `  ${perBlock} vote${perBlock === 1 ? '' : 's'} a block${complete ? `, complete (${cold.complete} lines complete or reconciled)` : ''}: ` +
      `${(cold.bytes / 1e6).toFixed(1)} MB, ${cold.signed.toLocaleString('en-US')} signed headers → ` +
      `${seconds(took)} (median of ${warm.length}; in the worker ${seconds(median(warm.map((run) => run.inWorker)))}; first ${seconds(cold.total)})`,
  );
  if (complete)
    console.log(
      `  budget for a ${VOTES.toLocaleString('en-US')}-vote complete bundle: ≤ 8 MB and ≤ 1.5 s in Chromium → ` +
        `${cold.bytes <= 8e6 ? 'within' : 'OVER'} (size), ${took <= 1500 ? 'within' : 'OVER'} (time)`,
    );
}
await browser.close();
server.close();
