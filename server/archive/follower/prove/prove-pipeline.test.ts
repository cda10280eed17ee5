import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ProofBundle } from '../../../../verify/bundle-format.ts';
import { verifyBundle } from '../../../../verify/bundle-verify.ts';
import { headlineOf } from '../../../../verify/report-words.ts';
import { DATABASE_KINDS, type TestArchive } from '../../../test/archive-harness.ts';
import { atChainTime } from '../../../test/chain-clock.ts';
import type { Harness } from '../../../test/harness.ts';
import { handleArchive } from '../../api/archive-http.ts';
import { assembleBundle } from '../../api/proofs/proof-bundles.ts';
import { withProofs } from '../../api/proofs/proof-json.ts';
import { factProofs, factProofsWithPrefix, proofTotals } from '../../store/proofs/fact-proofs.ts';
import { provenArchive, SIXTY_DAYS, type ProvenArchive } from './proven-archive.ts';

// The prover over an archive of the embedded chain: every vote and proposal event it holds is
// proven from its block (the chain's validators sign, their set changes every 50 blocks), every
// proposal record by an ICS23 proof, and a bundle assembled from what it stored verifies alone.

describe.each(DATABASE_KINDS)('proving the archive on $kind', (kind) => {
  let proven: ProvenArchive;
  let h: Harness;
  let archive: TestArchive;
  let chainId = '';
  let tip = 0n;
  /** A bundle checked as an auditor would, by the chain's clock. */
  const checked = (bundle: unknown) =>
    verifyBundle(bundle, { ...atChainTime(h.node), trustingPeriodSeconds: SIXTY_DAYS });

  beforeAll(async () => {
    proven = await provenArchive(kind);
    ({ h, archive, chainId, tip } = proven);
  }, 300_000);

  afterAll(async () => {
    await proven?.close();
  });

  it('proves every vote it read from a block, and says why for the rest', async () => {
    const totals = await proofTotals(archive.db);
    const votes = await archive.db.query<{ count: string; read: string }>(
      'SELECT count(*)::text AS count, count(tx_hash)::text AS read FROM votes',
    );
    expect(Number(votes[0].read)).toBeGreaterThan(5);
    expect(Number(totals.vote?.proven ?? 0)).toBeGreaterThanOrEqual(Number(votes[0].read));
    const unproven = await archive.db.query<{ reason: string }>('SELECT reason FROM fact_proofs WHERE NOT verified');
    for (const row of unproven) expect(row.reason).toMatch(/.{10,}/);
    expect(Number(totals.proposal?.proven ?? 0)).toBeGreaterThan(0);
    // The archive's records agree with the chain's proven bytes: a proposal executed at once was
    // never stored decided, and says so rather than "the archive says …, the proven bytes say …".
    const disagreeing = await archive.db.query(
      "SELECT subject, subject_key, reason FROM fact_proofs WHERE NOT verified AND reason LIKE 'the archive says%'",
    );
    expect(disagreeing).toEqual([]);
    const executedAtOnce = await archive.db.query<{ reason: string }>(
      "SELECT reason FROM fact_proofs WHERE subject = 'proposal' AND reason LIKE '%decided, executed and removed%'",
    );
    expect(executedAtOnce.length).toBeGreaterThan(0);
    expect(Number(totals.event?.proven ?? 0)).toBeGreaterThan(0);
  });

  it('proves every applied upgrade by its done marker, in a bundle that verifies alone', async () => {
    const applied = await archive.db.query<{ name: string; applied_height: string }>(
      'SELECT name, applied_height::text AS applied_height FROM upgrades WHERE applied_height IS NOT NULL ORDER BY name',
    );
    expect(applied.length).toBeGreaterThan(0);
    const facts = await factProofs(
      archive.db,
      'upgrade',
      applied.map((upgrade) => upgrade.name),
    );
    expect(facts.map((fact) => [fact.subjectKey, fact.verified, fact.reason])).toEqual(
      applied.map((upgrade) => [upgrade.name, true, null]),
    );
    const bundle = await assembleBundle(
      archive.db,
      { chainId, bech32Prefix: 'cosmos' },
      { kind: 'upgrade', id: '*', label: 'Every applied upgrade' },
      facts,
      (fact) => fact.subjectKey,
    );
    const report = checked(JSON.parse(JSON.stringify(bundle)));
    expect(report.facts.map((fact) => [fact.proven, fact.ok])).toEqual(
      applied.map((upgrade) => [
        { kind: 'upgrade-applied', name: upgrade.name, height: upgrade.applied_height, applied: 'yes' },
        true,
      ]),
    );
  });

  it('proves every member’s weight and every policy’s rules by their records, in a bundle that verifies alone', async () => {
    // A membership changed in the tip's block has no committed state above it yet.
    const members = await archive.db.query<{ key: string; weight: string }>(
      `SELECT m.group_id::text || '/' || m.address AS key, m.weight FROM group_members m
       WHERE NOT EXISTS (SELECT 1 FROM group_history h WHERE h.group_id = m.group_id AND h.address = m.address AND h.height >= $1)
       ORDER BY 1`,
      [String(tip)],
    );
    const policies = await archive.db.query<{ address: string; version: string }>(
      'SELECT address, version::text AS version FROM policies ORDER BY address',
    );
    expect(members.length).toBeGreaterThan(10);
    expect(policies.length).toBeGreaterThan(1);
    const memberFacts = await factProofs(
      archive.db,
      'member',
      members.map((member) => member.key),
    );
    const policyFacts = await factProofs(
      archive.db,
      'policy',
      policies.map((policy) => policy.address),
    );
    const summary = (facts: typeof memberFacts) =>
      facts.map((fact) => [fact.subjectKey, fact.recordVersion, fact.verified, fact.reason]).sort();
    expect(summary(memberFacts)).toEqual(members.map((member) => [member.key, member.weight, true, null]));
    expect(summary(policyFacts)).toEqual(policies.map((policy) => [policy.address, policy.version, true, null]));
    // A record whose weight moved since its proof is not shown as proven by the old one.
    const [first] = members;
    const shown = await withProofs(
      archive.db,
      'member',
      [first, { ...first, weight: `${first.weight}1` }],
      (member) => member.key,
      (member) => member.weight,
    );
    expect(shown.map((member) => member.proof.kind)).toEqual(['store', 'none']);
    // The status counts memberships that last: a proof of one that ended is not among them.
    const counted = async () => Number((await proofTotals(archive.db)).member?.proven ?? 0);
    const before = await counted();
    await archive.db.query(
      `INSERT INTO fact_proofs (subject, subject_key, height, verified, record_version, evidence, reason)
       VALUES ('member', $1, $2, true, '1', NULL, NULL)`,
      [`${first.key.split('/')[0]}/cosmos1departed`, String(tip - 2n)],
    );
    expect(await counted()).toBe(before);
    await archive.db.query("DELETE FROM fact_proofs WHERE subject_key LIKE '%/cosmos1departed'");
    const group = policyFacts[0].evidence?.claim.group_id ?? '';
    const groupPolicyAddresses = policyFacts
      .filter((fact) => fact.evidence?.claim.group_id === group)
      .map((fact) => fact.subjectKey);
    const ranges = [
      ...(await factProofs(archive.db, 'group-member-range', [group])),
      ...(await factProofs(archive.db, 'group-policy-range', [group])),
      ...(await factProofs(archive.db, 'policy-proposal-range', groupPolicyAddresses)),
      ...(await factProofs(archive.db, 'proposal-sequence', [group])),
    ];
    expect(ranges).toHaveLength(groupPolicyAddresses.length + 3);
    expect(ranges.filter((fact) => !fact.verified)).toEqual([]);
    const facts = [
      ...memberFacts.filter((fact) => fact.subjectKey.startsWith(`${group}/`)),
      ...policyFacts.filter((fact) => fact.evidence?.claim.group_id === group),
      ...ranges,
    ];
    const bundle = await assembleBundle(
      archive.db,
      { chainId, bech32Prefix: 'cosmos' },
      { kind: 'group', id: group, label: `Group #${group}` },
      facts,
      (fact) => fact.subjectKey,
    );
    const report = checked(JSON.parse(JSON.stringify(bundle)));
    expect(report.problem).toBeNull();
    expect(report.facts.length).toBe(facts.length);
    expect(report.facts.every((fact) => fact.ok)).toBe(true);
    expect(report.facts.map((fact) => fact.proven?.kind)).toContain('policy');
    // Every member and every policy of the group, proven to be all there are.
    const groupMembers = members.filter((member) => member.key.startsWith(`${group}/`)).length;
    const groupPolicies = policies.filter(
      (policy) => policyFacts.find((fact) => fact.subjectKey === policy.address)?.evidence?.claim.group_id === group,
    ).length;
    // The group's own record says the same beside it, for its pages' lists.
    const record = JSON.parse((await handleArchive(archive, 'GET', `groups/${group}`, '')).body) as Record<
      string,
      unknown
    >;
    expect([record.member_set, record.policy_set]).toEqual([
      { proof: { kind: 'range', height: expect.stringMatching(/^\d+$/), verified: true }, count: String(groupMembers) },
      {
        proof: { kind: 'range', height: expect.stringMatching(/^\d+$/), verified: true },
        count: String(groupPolicies),
      },
    ]);
    // And each of its policies' stored proposals, walked in one state, for the group page's proposals.
    const proposalSets = record.proposal_sets as { address: string; set: { proof: { height: string } } | null }[];
    expect(proposalSets.map((entry) => entry.address).sort()).toEqual([...groupPolicyAddresses].sort());
    expect(new Set(proposalSets.map((entry) => entry.set?.proof.height)).size).toBe(1);
    // Each policy's stored proposals, and the sequence that numbers them all.
    const [lastId] = await archive.db.query<{ id: string }>('SELECT max(id)::text AS id FROM proposals');
    const account = report.completeness.filter((line) => /proposal/.test(line.subject)).map((line) => line.words);
    expect(account).toHaveLength(groupPolicyAddresses.length + 1);
    const stored = /^complete: (no proposal|the only proposal|all \d+ proposals) policy cosmos1\w+ still stores in the/;
    expect(account.slice(0, -1).every((words) => stored.test(words))).toBe(true);
    // The sequence of a state below the tip: the archive may hold proposals submitted since.
    const sequence =
      /^x\/group had handed out (\d+) proposal ids in all by the state after block \d+ \(its proven sequence\)/;
    const numbered = BigInt(sequence.exec(account.at(-1) ?? '')?.[1] ?? '-1');
    expect(numbered <= BigInt(lastId.id) && numbered > BigInt(lastId.id) - 20n).toBe(true);
    expect(
      report.completeness
        .filter((line) => !/proposal|treasury/.test(line.subject))
        .map((line) => line.words.replace(/after block \d+/, 'after block H')),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^complete: (all ${groupMembers} members|the only member) of group ${group} in the state after block H, and no other$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^complete: (all ${groupPolicies} policies|the only policy) of group ${group} in the state after block H, and no other$`,
        ),
      ),
    ]);
    expect(report.facts.find((fact) => fact.proven?.kind === 'policy')?.proven?.decision_policy).toMatch(
      /^(threshold|percentage) [\d.]+, voting period \d+(\.\d+)?s, minimum execution period \d+(\.\d+)?s$/,
    );
  });

  it('assembles a proposal’s bundle that verifies with nothing else', async () => {
    const voted = await archive.db.query<{ proposal_id: string }>(
      "SELECT split_part(subject_key, '/', 1) AS proposal_id FROM fact_proofs WHERE subject = 'vote' AND verified ORDER BY height DESC LIMIT 1",
    );
    const id = voted[0].proposal_id;
    const facts = [
      ...(await factProofsWithPrefix(archive.db, 'proposal', id)),
      ...(await factProofsWithPrefix(archive.db, 'vote', `${id}/`)),
    ];
    const bundle = await assembleBundle(
      archive.db,
      { chainId, bech32Prefix: 'cosmos' },
      { kind: 'proposal', id, label: `#${id}` },
      facts,
      (fact) => fact.subjectKey,
    );
    const report = checked(JSON.parse(JSON.stringify(bundle)));
    expect(report.problem).toBeNull();
    expect(report.facts.filter((fact) => fact.ok).length).toBeGreaterThan(0);
    expect(report.facts.every((fact) => fact.ok)).toBe(true);
    expect(report.steps[0]).toMatchObject({ how: 'trust root', detail: 'signed by the genesis validators' });
  });

  it('shows in a voter’s bundle the proposals of its groups it did not vote on, each proven absent', async () => {
    // A proposal whose complete vote set names a member who did not vote.
    const ranged = await archive.db.query<{ id: string }>(
      "SELECT subject_key AS id FROM fact_proofs WHERE subject = 'vote-range' AND verified ORDER BY subject_key::numeric",
    );
    let silent: { voter: string; id: string } | null = null;
    for (const { id } of ranged) {
      const answer = await handleArchive(archive, 'GET', `proofs/proposals/${id}`, '');
      const report = checked(JSON.parse(answer.body));
      const line = report.completeness.find((entry) => / cast no vote: /.test(entry.words));
      if (line) {
        silent = { voter: line.words.split(': ')[1].split(', ')[0], id };
        break;
      }
    }
    if (!silent) throw new Error('no proposal with a proven non-voter');
    const answer = await handleArchive(archive, 'GET', `proofs/voters/${silent.voter}`, '');
    expect(answer.status).toBe(200);
    const report = checked(JSON.parse(answer.body));
    expect(report.problem).toBeNull();
    expect(report.completeness).toHaveLength(1);
    const words = report.completeness[0].words;
    expect(words).toMatch(
      /^voted on \d+ of the \d+ proposals whose every vote this bundle proves, each of its own group's proposals while a member; no vote on (any|\d+) of them: (#\d+(–#\d+)?, )+each proven absent by that proposal's complete vote set \((the state after block|states after blocks) [\d,]+/,
    );
    // The proposal it did not vote on is among them (alone, or in a run of ids).
    const runs = [...words.matchAll(/#(\d+)(?:–#(\d+))?/g)].map((run) => [BigInt(run[1]), BigInt(run[2] ?? run[1])]);
    expect(runs.some(([from, to]) => BigInt(silent.id) >= from && BigInt(silent.id) <= to)).toBe(true);
  });

  it('refuses a bundle that keeps the archive’s claim of completeness but lost its proof, naming what is missing', async () => {
    const [{ id }] = await archive.db.query<{ id: string }>(
      "SELECT subject_key AS id FROM fact_proofs WHERE subject = 'vote-range' AND verified ORDER BY subject_key::numeric DESC LIMIT 1",
    );
    const bundle = JSON.parse((await handleArchive(archive, 'GET', `proofs/proposals/${id}`, '')).body) as ProofBundle;
    const votes = `proposal #${id}'s votes`;
    expect(bundle.claims).toContainEqual(expect.objectContaining({ subject: votes, state: 'complete' }));
    expect(checked(bundle).ok).toBe(true);
    // A relay drops the vote set, and with it the proof that no vote is left out.
    const facts = bundle.facts.filter((fact) => !(fact.kind === 'range' && fact.claim.kind === 'vote-set'));
    const report = checked({ ...bundle, facts });
    expect([report.verdict, report.code]).toEqual(['refused', 'overclaimed']);
    expect(headlineOf(report)).toMatch(/^Refused: the bundle claims more than it proves complete — not shown: /);
    // Said twice: the votes it shows are not shown complete, and the claim that they are is refused.
    expect(report.completeness.find((line) => line.subject === votes)?.state).toBe('not-shown');
    expect(report.completeness.find((line) => line.subject === votes && line.state === 'overclaimed')?.words).toMatch(
      new RegExp(
        `^not shown: the bundle claims ${votes} complete \\(\\d+\\) in the state after block [\\d,]+, but it proves no such set`,
      ),
    );
  });
});
