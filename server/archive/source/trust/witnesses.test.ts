import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archivedUpTo, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { readWitnessConflicts } from '../../store/proofs/witness-conflicts.ts';

// Witnesses: other nodes of the chain, asked for every header the archive relies on. A fork —
// the same chain id and history signed by other validators — stops the archive with both signed
// headers kept; an agreeing witness is named as such; a node that keeps no early blocks is rooted
// by what the node and its witnesses agree on.

const wait = async (done: () => boolean | Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('witnesses', () => {
  let primary: Harness;
  let fork: Harness;
  let twin: Harness;
  let archive: TestArchive | undefined;

  beforeAll(async () => {
    primary = await startHarness({ seed: 'witnessed' });
    fork = await startHarness({ seed: 'witnessed', validatorsSeed: 'a-fork' });
    twin = await startHarness({ seed: 'witnessed' });
    for (const harness of [primary, fork, twin]) harness.node.advance(6, 3000);
  });

  afterAll(async () => {
    await archive?.close();
    await Promise.all([primary, fork, twin].map((harness) => harness?.close()));
  });

  it('a witness naming another header at the same height stops merging, and both signed headers are kept', async () => {
    expect(fork.node.chainId).toBe(primary.node.chainId);
    archive = await followNode(primary.base, ':memory:', undefined, {
      trust: { kind: 'genesis' },
      proofClock: chainClock(primary.node),
      witnesses: [{ name: 'fork', url: `${fork.base}/rpc` }],
    });
    await wait(() => archive!.follower.state.problem !== null);
    expect(archive.follower.state.problem).toMatch(
      /^conflicting headers at \d+: the node \(.*\) says [0-9A-F]{64}, witness fork \(.*\) says [0-9A-F]{64}: nothing is merged or proven while they disagree/,
    );
    expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
    const [evidence] = await readWitnessConflicts(archive.db);
    expect(evidence.primary.hash).not.toBe(evidence.witness.hash);
    expect(evidence.primary.light_block.signed_header.header.height).toBe(evidence.height);
    expect(evidence.witness.light_block.signed_header.header.height).toBe(evidence.height);
    // Both are signed by the sets they name: a light-client attack, not a broken node.
    expect([evidence.primary.signed_by_its_set, evidence.witness.signed_by_its_set]).toEqual([true, true]);
    expect(archive.follower.proofs?.state.problem).toMatch(/^conflicting headers at/);
    await archive.close();
    archive = undefined;
  }, 90_000);

  it('a witness that agrees is named with the last height it agreed on, and the archive follows', async () => {
    archive = await followNode(primary.base, ':memory:', undefined, {
      trust: { kind: 'genesis' },
      proofClock: chainClock(primary.node),
      witnesses: [
        { name: 'twin', url: `${twin.base}/rpc` },
        { name: 'gone', url: 'http://127.0.0.1:9/rpc' },
      ],
    });
    await archivedUpTo(archive, primary.node.height - 1n);
    const [agreeing, gone] = archive.follower.proofs!.witnessReports();
    expect(agreeing.agreed_through).not.toBeNull();
    expect(agreeing.problem).toBeNull();
    // A witness that does not answer is named, and blocks nothing.
    expect(gone.agreed_through).toBeNull();
    expect(gone.problem).toMatch(/did not answer/);
    expect(archive.follower.state.problem).toBeNull();
    await archive.close();
    archive = undefined;
  }, 90_000);
});

describe('a root by agreement', () => {
  let primary: Harness;
  let twin: Harness;
  let archive: TestArchive | undefined;

  beforeAll(async () => {
    // Nodes that keep only their last few blocks: neither serves the chain's first header.
    primary = await startHarness({ seed: 'agreed-root', keepBlocks: 4 });
    twin = await startHarness({ seed: 'agreed-root', keepBlocks: 4 });
    for (const harness of [primary, twin]) harness.node.advance(12, 3000);
  });

  afterAll(async () => {
    await archive?.close();
    await Promise.all([primary, twin].map((harness) => harness?.close()));
  });

  it('is the newest header the node and its witness both name, and says so', async () => {
    archive = await followNode(primary.base, ':memory:', undefined, {
      from: 'latest',
      trust: { kind: 'genesis' },
      proofClock: chainClock(primary.node),
      witnesses: [{ name: 'twin', url: `${twin.base}/rpc` }],
    });
    await wait(() => archive!.follower.proofs?.state.trustRoot !== null);
    const root = archive.follower.proofs!.state.trustRoot!;
    expect(root.kind).toBe('header');
    expect(root.kind === 'header' && BigInt(root.height)).toBe(primary.node.height - 1n);
    expect(archive.follower.proofs!.state.provenance).toEqual({
      kind: 'agreement',
      nodes: [`${primary.base}/rpc`, `${twin.base}/rpc`],
    });
  }, 90_000);

  it('without a witness, a pruned node is refused with a way forward', async () => {
    await archive?.close();
    archive = await followNode(primary.base, ':memory:', undefined, {
      from: 'latest',
      trust: { kind: 'genesis' },
      proofClock: chainClock(primary.node),
    });
    await wait(
      () => archive!.follower.proofs?.state.problem !== null && archive!.follower.proofs?.state.problem !== undefined,
    );
    expect(archive.follower.proofs!.state.problem).toMatch(/trust root cannot be checked/);
  }, 90_000);
});
