import { readFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ArchiveQuery } from '../server/archive/api/archive-params.ts';
import type { SerializedJson } from '../server/archive/api/proofs/bundle-serial.ts';
import { PROOF_ROUTES } from '../server/archive/api/proofs/proof-routes.ts';
import { archivedUpTo, followNode, type TestArchive } from '../server/test/archive-harness.ts';
import { chainClock } from '../server/test/chain-clock.ts';
import { startHarness, type Harness } from '../server/test/harness.ts';
import type { ProofBundle } from '../verify/bundle-format.ts';
import { verifyBundle } from '../verify/bundle-verify.ts';
import { clockAfter, forgeLightBlock, signerOf, timeAfter } from '../verify/testing/forge-chain.ts';
import { forgedBundle, laterHeader, realBundle } from '../verify/testing/sample-bundles.ts';
import { nanosOf, timestampOf } from '../verify/trust/header.ts';
import { binary, bothAgree, buildChecker, goVerdict, root, run } from './go-checker.ts';

// A second opinion from CometBFT's own code: the Go checker (checker/, on CometBFT's `light`
// package and cosmos/ics23's Go verifier) runs every light-client vector and checks bundles — made
// up ones, forged ones, and those the archive builds from the embedded chain — and must accept and
// refuse exactly what verify/ does.

beforeAll(buildChecker, 660_000);

describe('the Go checker, on CometBFT’s light client', () => {
  it('agrees with verify/ on every light-client vector', async () => {
    const { stdout } = await run(binary, ['vectors', path.join(root, 'test-vectors/light-client-vectors.json')]);
    expect(stdout).toMatch(/^light-client vectors: (\d+) rows, (\d+) refusals, CometBFT agrees on \1$/m);
    expect(stdout).toMatch(/^\d+ passed, 0 failed$/m);
  });

  it('agrees on the sample bundles and on every forgery of them', async () => {
    const at = { atNanos: clockAfter(3600).nowNanos };
    expect((await bothAgree(forgedBundle(), at)).chain_ok).toBe(true);
    expect((await bothAgree(realBundle(), {})).chain_ok).toBe(true);
    // A vote that failed, paired with its block neighbour's successful result: both refuse it.
    expect((await bothAgree(forgedBundle({ borrowedResult: true }), at)).facts).toEqual([false]);
    const changedClaim = forgedBundle();
    changedClaim.facts[0].claim.option = 'VOTE_OPTION_NO';
    expect((await bothAgree(changedClaim, at)).facts).toEqual([true]);
    // The bundle's own period is only information: fifteen days on, its root vouches no more.
    const longPeriod = forgedBundle();
    longPeriod.trusting_period_seconds = String(10n ** 12n);
    expect((await bothAgree(longPeriod, { atNanos: clockAfter(15 * 86_400).nowNanos })).chain_ok).toBe(false);
    // A genesis listing one validator three times.
    const tripled = forgedBundle();
    if (tripled.trust_root.kind === 'genesis') {
      const [first] = tripled.trust_root.validators;
      tripled.trust_root.validators.push(first, first);
    }
    expect((await bothAgree(tripled, at)).chain_ok).toBe(false);
    // A header relabelled to height + 2^64.
    const relabelled = forgedBundle();
    const top = relabelled.light_blocks[1].signed_header;
    top.header.height = String(BigInt(top.header.height) + (1n << 64n));
    top.commit.height = top.header.height;
    expect((await bothAgree(relabelled, at)).chain_ok).toBe(false);
    // A vote's transaction changed: its Merkle path no longer leads to the block's data_hash.
    const changedTx = forgedBundle();
    const fact = changedTx.facts[0];
    if (fact.kind === 'tx') fact.tx = `${fact.tx.slice(0, -4)}AAAA`;
    expect((await bothAgree(changedTx, at)).facts).toEqual([false]);
    // A store record changed: its ICS23 proof no longer holds.
    const changedRecord = realBundle();
    const record = changedRecord.facts.find((entry) => entry.kind === 'store' && entry.value !== null);
    if (record?.kind === 'store' && record.value) record.value = `${record.value.slice(0, -4)}AAAA`;
    expect((await bothAgree(changedRecord, {})).facts).toContain(false);
    // Another chain's bundle checked from a header the auditor trusts: the chain id differs.
    const otherChain = realBundle();
    otherChain.chain_id = 'another-chain-1';
    const hash = otherChain.light_blocks[0].signed_header.commit.block_id.hash;
    expect((await bothAgree(otherChain, { trust: { height: '361', hash } })).chain_ok).toBe(false);
  });

  it('agrees from any signed header of a bundle the auditor trusts, not only its root', async () => {
    const bundle = forgedBundle();
    const later = laterHeader(bundle.chain_id);
    bundle.light_blocks.push({ ...later.block, verified_from: '1' });
    const top = bundle.light_blocks[1].signed_header;
    const trust = { height: top.header.height, hash: top.commit.block_id.hash };
    expect((await bothAgree(bundle, { atNanos: clockAfter(3600).nowNanos, trust })).chain_ok).toBe(true);
  });

  it('agrees on a skip a former 39 % holder forged: refused by the clock, accepted within the period', async () => {
    const holder = signerOf('holder', 39n);
    const others = [signerOf('other-a', 31n), signerOf('other-b', 30n)];
    const bundle = forgedBundle();
    const first = forgeLightBlock({
      chainId: bundle.chain_id,
      height: 1n,
      time: timeAfter(0),
      lastBlockHash: '',
      validators: [holder, ...others],
    });
    const fork = forgeLightBlock({
      chainId: bundle.chain_id,
      height: 77_777n,
      time: timeAfter(15 * 86_400),
      lastBlockHash: 'AB'.repeat(32),
      validators: [holder],
    });
    const forked: ProofBundle = {
      ...bundle,
      trust_root: {
        kind: 'genesis',
        initial_height: '1',
        genesis_time: timeAfter(-5),
        validators: first.block.validator_set,
      },
      trusting_period_seconds: String(10n ** 12n),
      light_blocks: [first.block, fork.block],
      linked_headers: [],
      facts: [],
    };
    expect((await bothAgree(forked, { atNanos: clockAfter(15 * 86_400 + 60).nowNanos })).chain_ok).toBe(false);
    expect(
      (
        await bothAgree(forked, {
          atNanos: clockAfter(15 * 86_400 + 60).nowNanos,
          trustingPeriodSeconds: 20n * 86_400n,
        })
      ).chain_ok,
    ).toBe(true);
  });
});

describe('the Go checker, on the completeness vectors', () => {
  it('accepts and refuses every vector as verify/ does (test-vectors/completeness-vectors.json)', async () => {
    const file = JSON.parse(readFileSync(path.join(root, 'test-vectors/completeness-vectors.json'), 'utf8')) as {
      at: string;
      trusting_period_seconds: string;
      vectors: { name: string; rule: string; expect: 'accept' | 'refuse'; bundle: unknown }[];
    };
    const options = {
      atNanos: nanosOf(timestampOf(file.at)!),
      trustingPeriodSeconds: BigInt(file.trusting_period_seconds),
    };
    const outcomes = await Promise.all(
      file.vectors.map(async (vector) => {
        const verdict = await goVerdict(vector.bundle, options);
        const accepted = verdict.chain_ok && verdict.facts.every(Boolean) && verdict.claims_ok;
        const said = [verdict.failure ?? '', ...verdict.reasons, ...verdict.unmet_claims].join(' ');
        return `${vector.name}: ${accepted ? 'accept' : 'refuse'}${accepted ? '' : ` (${/\b[RTWC]\d+\b/.test(said) || vector.rule === 'F2' ? 'rule named' : said})`}`;
      }),
    );
    expect(outcomes).toEqual(
      file.vectors.map(
        (vector) => `${vector.name}: ${vector.expect}${vector.expect === 'refuse' ? ' (rule named)' : ''}`,
      ),
    );
  });

  it('passes its own tests of every completeness rule (go test)', async () => {
    const { stdout } = await run('go', ['test', './...'], { cwd: path.join(root, 'checker'), timeout: 600_000 });
    expect(stdout).toMatch(/^ok\s+polity\/checker/m);
  }, 660_000);
});

describe('the Go checker, on bundles the archive builds from the embedded chain', () => {
  let h: Harness;
  let archive: TestArchive;
  const SIXTY_DAYS = 60n * 86_400n;

  beforeAll(async () => {
    h = await startHarness({ seed: 'go-checker', livePeriodS: 30, keepRecent: 3000 });
    archive = await followNode(h.base, ':memory:', undefined, {
      trust: { kind: 'genesis' },
      proofClock: chainClock(h.node),
    });
    for (let round = 0; round < 6; round += 1) {
      h.node.advance(10, 3000);
      await archivedUpTo(archive, h.node.height);
    }
    // The prover works a few blocks behind the archive: wait until votes are proven.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const [row] = await archive.db.query<{ count: string }>(
        "SELECT count(*)::text AS count FROM fact_proofs WHERE verified AND subject = 'vote'",
      );
      if (Number(row.count) >= 5) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 300_000);

  afterAll(async () => {
    await archive?.close();
    await h?.close();
  });

  const bundleAt = async (route: string, params: Record<string, string> = {}) => {
    for (const { pattern, answer } of PROOF_ROUTES) {
      const match = pattern.exec(route);
      if (match) {
        const answered = await answer(archive, match, new ArchiveQuery(new URLSearchParams(params)));
        return JSON.parse((answered as SerializedJson).text) as ProofBundle;
      }
    }
    throw new Error(`no route ${route}`);
  };

  it('proves a proposal from its bundle’s top header down by hash links, as the archive adds them', async () => {
    const [proposal] = await archive.db.query<{ id: string }>(
      'SELECT DISTINCT proposal_id::text AS id FROM votes ORDER BY 1 LIMIT 1',
    );
    const options = { atNanos: chainClock(h.node).now(), trustingPeriodSeconds: SIXTY_DAYS };
    const plain = await bundleAt(`proofs/proposals/${proposal.id}`);
    const top = plain.light_blocks.at(-1)!.signed_header;
    const trust = { height: top.header.height, hash: top.commit.block_id.hash };
    const refused = verifyBundle(structuredClone(plain), { ...options, trust });
    expect(refused.problem).toContain(`links_from=${trust.height}`);
    const linked = await bundleAt(`proofs/proposals/${proposal.id}`, { links_from: trust.height });
    expect(linked.linked_headers.length).toBeGreaterThan(plain.linked_headers.length);
    const report = verifyBundle(structuredClone(linked), { ...options, trust });
    expect(report.problem).toBeNull();
    expect(report.verdict).toBe('proven');
    expect(report.facts.length).toBe(plain.facts.length);
    expect((await bothAgree(linked, { ...options, trust })).chain_ok).toBe(true);
    await expect(bundleAt(`proofs/proposals/${proposal.id}`, { links_from: '2' })).rejects.toThrow(
      /links_from must be a height this bundle signs/,
    );
  });

  it('agrees on every proposal’s bundle, its group’s and the applied upgrades’', async () => {
    const proposals = await archive.db.query<{ id: string; group_id: string }>(
      `SELECT DISTINCT v.proposal_id::text AS id, p.group_id::text AS group_id FROM votes v JOIN proposals p ON p.id = v.proposal_id
       ORDER BY 1 LIMIT 6`,
    );
    expect(proposals.length).toBeGreaterThan(0);
    const options = { atNanos: chainClock(h.node).now(), trustingPeriodSeconds: SIXTY_DAYS };
    let facts = 0;
    for (const proposal of proposals) {
      const bundle = await bundleAt(`proofs/proposals/${proposal.id}`);
      const verdict = await bothAgree(bundle, options);
      expect(verdict.chain_ok).toBe(true);
      facts += verdict.facts.length;
      await bothAgree(await bundleAt(`proofs/groups/${proposal.group_id}`), options);
    }
    expect(facts).toBeGreaterThan(4);
    // A vote set proven complete, and the same with one vote's step left out: both refuse that one.
    const withRange = (
      await Promise.all(proposals.map((proposal) => bundleAt(`proofs/proposals/${proposal.id}`)))
    ).find((bundle) =>
      bundle.facts.some((fact) => fact.kind === 'range' && 'neighbours' in fact && (fact.neighbours as []).length > 3),
    );
    expect(withRange).toBeDefined();
    const index = withRange!.facts.findIndex((fact) => fact.kind === 'range');
    expect((await bothAgree(withRange, options)).facts[index]).toBe(true);
    const omitted = structuredClone(withRange!);
    const range = omitted.facts[index];
    // Walks are written by their neighbours: one left out makes two keys apart look adjacent.
    if (range.kind === 'range' && 'neighbours' in range) (range.neighbours as unknown[]).splice(2, 1);
    expect((await bothAgree(omitted, options)).facts[index]).toBe(false);
    // The walk left out whole while the bundle still claims the votes complete: both refuse the claim.
    const dropped = structuredClone(withRange!);
    const walk = dropped.facts.splice(index, 1)[0];
    const id = walk.kind === 'range' && walk.claim.kind === 'vote-set' ? walk.claim.proposal_id : '?';
    const refusal = verifyBundle(structuredClone(dropped), options);
    expect(refusal.ok).toBe(false);
    expect(refusal.completeness.filter((line) => line.state === 'overclaimed').map((line) => line.subject)).toContain(
      `proposal #${id}'s votes`,
    );
    const go = await goVerdict(dropped, options);
    expect(go.claims_ok).toBe(false);
    expect(go.unmet_claims).toContain(
      `C1: proposal #${id}'s votes complete at ${walk.height}: no proven walk of its votes`,
    );
    // Together with its group's members in the same state: who did not vote, and a decided
    // proposal's final tally reconciled with its votes at those weights.
    const reports = await Promise.all(
      proposals.map(async (proposal) => verifyBundle(await bundleAt(`proofs/proposals/${proposal.id}`), options)),
    );
    const lines = reports.flatMap((report) => report.completeness);
    expect(lines.some((line) => /^complete: all \d+ votes on #\d+/.test(line.words))).toBe(true);
    expect(
      lines.some((line) =>
        /^(\d+ of the \d+ members of group \d+, proposal #\d+'s own group, cast no vote|every one of the \d+ members of group \d+, proposal #\d+'s own group, voted)/.test(
          line.words,
        ),
      ),
    ).toBe(true);
    expect(lines.filter((line) => line.state === 'incomplete')).toEqual([]);
    // A voter's record is held to a proven vote walk of its own group's proposal in the state it names (C9).
    const walkHeight = withRange!.facts[index].height;
    const voter = verifyBundle(structuredClone(withRange!), options).completeness.find((line) =>
      line.subject.endsWith("'s votes"),
    )?.items?.[0];
    expect(voter).toBeDefined();
    const claimed = { subject: `${voter}'s record`, state: 'complete' as const, height: walkHeight };
    expect((await goVerdict({ ...withRange!, claims: [claimed] }, options)).unmet_claims).toEqual([]);
    expect((await goVerdict({ ...withRange!, claims: [{ ...claimed, height: '' }] }, options)).claims_ok).toBe(false);
    await bothAgree(await bundleAt('proofs/upgrades'), options);
    // Twenty days later by the verifier's clock and with CometBFT's 14 days, both refuse the same bundle.
    const later = { atNanos: options.atNanos + 20n * 86_400n * 1_000_000_000n };
    expect((await bothAgree(await bundleAt(`proofs/proposals/${proposals[0].id}`), later)).chain_ok).toBe(false);
  }, 120_000);
});
