// Writes test-vectors/completeness-vectors.json: genuine bundles the archive builds from the
// embedded chain, and forgeries of them an adversary with an archive and no keys could make —
// walks re-stored, re-grouped, cut, re-heighted, claims padded — each with the rule of
// docs/bundle-format.md that must refuse it. verify/ and the Go checker both run every vector.
//   node --import tsx scripts/write-completeness-vectors.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { ArchiveQuery } from '../server/archive/api/archive-params.ts';
import type { SerializedJson } from '../server/archive/api/proofs/bundle-serial.ts';
import { PROOF_ROUTES } from '../server/archive/api/proofs/proof-routes.ts';
import { memberPrefixHex } from '../server/archive/follower/prove/store-keys.ts';
import { ProofReader } from '../server/archive/source/proof-reader.ts';
import { archivedUpTo, followNode } from '../server/test/archive-harness.ts';
import { chainClock } from '../server/test/chain-clock.ts';
import { startHarness } from '../server/test/harness.ts';
import type { FactJson, ProofBundle } from '../verify/bundle-format.ts';
import { nextKeyInRange, type RangeFactJson } from '../verify/records/key-range.ts';
import { writtenRange } from '../verify/records/range-neighbours.ts';
import { isoOfNanos } from '../verify/trust/light-block.ts';

type Written = Record<string, unknown>;
interface Vector {
  name: string;
  /** The rule that decides it (docs/bundle-format.md). */
  rule: string;
  expect: 'accept' | 'refuse';
  /** With --require-complete, whether a set is shown without its walk. */
  not_shown_complete?: boolean;
  bundle: Written;
}

const h = await startHarness({ seed: 'completeness-vectors', livePeriodS: 30, keepRecent: 3000 });
const archive = await followNode(h.base, ':memory:', undefined, {
  trust: { kind: 'genesis' },
  proofClock: chainClock(h.node),
});
const reader = new ProofReader(`${h.base}/rpc`);

const bundleAt = async (route: string): Promise<ProofBundle> => {
  for (const { pattern, answer } of PROOF_ROUTES) {
    const match = pattern.exec(route);
    if (match) {
      const answered = await answer(archive, match, new ArchiveQuery(new URLSearchParams()));
      return JSON.parse((answered as SerializedJson).text) as ProofBundle;
    }
  }
  throw new Error(`no route ${route}`);
};

/** A walk of any prefix in any store at `height`, as a node answers it: the forger's raw material. */
async function walk(store: string, prefix: string, height: string, claim: Record<string, string>) {
  const steps: RangeFactJson['steps'] = [];
  for (let key: string | null = prefix.toUpperCase(); key !== null && steps.length < 3000;) {
    const answer = await reader.storeKey(store, key, BigInt(height));
    steps.push({ key, proof_ops: answer.proofOps });
    const next = nextKeyInRange(answer.proofOps, prefix);
    key = next === null ? null : `${next}00`;
  }
  return writtenRange({ kind: 'range', height, store, prefix: prefix.toUpperCase(), steps, claim }) as FactJson;
}

// A proposal with votes and a group beside it, its walks and their binding records proven.
let chosen: { id: string; group_id: string } | undefined;
for (let round = 0; round < 120 && !chosen; round += 1) {
  h.node.advance(10, 3000);
  await archivedUpTo(archive, h.node.height);
  await new Promise((resolve) => setTimeout(resolve, 500));
  [chosen] = await archive.db.query<{ id: string; group_id: string }>(
    `SELECT p.id::text AS id, p.group_id::text AS group_id FROM proposals p
       JOIN fact_proofs v ON v.subject = 'vote-range' AND v.subject_key = p.id::text AND v.verified
       JOIN fact_proofs m ON m.subject = 'member-range' AND m.subject_key = p.id::text AND m.verified
       JOIN fact_proofs b ON b.subject = 'range-policy' AND b.subject_key = p.id::text AND b.verified
     WHERE (SELECT count(*) FROM group_members gm WHERE gm.group_id = p.group_id) BETWEEN 3 AND 40
       AND EXISTS (SELECT 1 FROM fact_proofs g WHERE g.subject = 'group-member-range' AND g.subject_key = p.group_id::text AND g.verified)
     ORDER BY p.id LIMIT 1`,
  );
}
if (!chosen) throw new Error('no proposal with proven walks bound to its group');
const proposal = await bundleAt(`proofs/proposals/${chosen.id}`);
const group = await bundleAt(`proofs/groups/${chosen.group_id}`);
const atNanos = chainClock(h.node).now();

const copy = (bundle: ProofBundle) => structuredClone(bundle) as ProofBundle;
const rangeOf = (bundle: ProofBundle, prefix: string) =>
  bundle.facts.findIndex((fact) => fact.kind === 'range' && fact.prefix.toUpperCase().startsWith(prefix));
const voteWalk = rangeOf(proposal, '4000');
const memberWalk = rangeOf(proposal, '1000');
const voteFact = proposal.facts[voteWalk] as RangeFactJson & { neighbours?: (string | null)[] };
const walkHeight = voteFact.height;
const vectors: Vector[] = [
  {
    name: 'genuine proposal bundle',
    rule: 'C1, C7, C8',
    expect: 'accept',
    bundle: copy(proposal) as unknown as Written,
  },
  { name: 'genuine group bundle', rule: 'C2–C6', expect: 'accept', bundle: copy(group) as unknown as Written },
];
const add = (
  name: string,
  rule: string,
  bundle: ProofBundle,
  expect: Vector['expect'] = 'refuse',
  extra: Partial<Vector> = {},
) => vectors.push({ name, rule, expect, bundle: bundle as unknown as Written, ...extra });

for (const store of ['bank', 'upgrade']) {
  const forged = copy(proposal);
  forged.facts[voteWalk] = await walk(store, voteFact.prefix, walkHeight, voteFact.claim);
  add(`a vote walk taken from the ${store} store`, 'W2', forged);
}
// Another group's members, genuinely walked in the same state, beside this proposal's votes.
const [other] = await archive.db.query<{ id: string }>(
  `SELECT id::text AS id FROM groups g WHERE id <> $1
     AND (SELECT count(*) FROM group_members m WHERE m.group_id = g.id) BETWEEN 2 AND 40 ORDER BY id LIMIT 1`,
  [chosen.group_id],
);
{
  const forged = copy(proposal);
  forged.facts[memberWalk] = await walk('group', memberPrefixHex(other.id), walkHeight, {
    kind: 'member-set',
    group_id: other.id,
  });
  // The forger writes claims that name no counts and leaves out the tally (which the other group's
  // weights would not add up to), so only the group binding can refuse them.
  forged.claims = forged.claims?.filter((claim) => !claim.subject.endsWith('final tally'));
  for (const claim of forged.claims ?? []) {
    delete claim.count;
    delete claim.items;
  }
  add("another group's members as the non-voters", 'C8', forged);
}
{
  const forged = copy(proposal);
  forged.facts = forged.facts.filter(
    (fact) =>
      !(
        fact.kind === 'store' &&
        (fact.claim.kind === 'policy' || fact.claim.stored === 'yes') &&
        fact.height === walkHeight
      ),
  );
  add('the records naming the proposal’s group left out, its claims kept', 'C7', forged);
}
const neighbours = voteFact.neighbours ?? [];
if (neighbours.length >= 4) {
  const gap = copy(proposal);
  (gap.facts[voteWalk] as unknown as { neighbours: unknown[] }).neighbours.splice(2, 1);
  add('a vote walk with a gap', 'W1', gap);
}
if (neighbours.length >= 3) {
  const early = copy(proposal);
  (early.facts[voteWalk] as unknown as { neighbours: unknown[] }).neighbours.pop();
  add('a vote walk ending a step early', 'W1', early);
}
{
  const moved = copy(proposal);
  moved.facts[voteWalk].height = String(BigInt(walkHeight) - 1n);
  add('a vote walk held to the header below its own', 'F2', moved);
}
{
  const padded = copy(proposal);
  const claim = padded.claims?.find((entry) => entry.subject.endsWith("'s votes"));
  if (claim) claim.count = String(BigInt(claim.count ?? '0') + 1n);
  add('a vote set claimed one vote larger', 'C10', padded);
}
{
  const state = copy(proposal) as unknown as { claims: { state: string }[] };
  state.claims[0].state = 'proven';
  add('a claim in a state no rule defines', 'R3', state as unknown as ProofBundle);
}
{
  const deep = copy(proposal) as unknown as Record<string, unknown>;
  let nested: unknown = [];
  for (let level = 0; level < 100; level += 1) nested = [nested];
  deep.padding = nested;
  add('a document nested 100 levels deep', 'R1', deep as unknown as ProofBundle);
}
{
  const conflict = copy(proposal);
  const signed = conflict.light_blocks.at(-1)!.signed_header.header;
  conflict.linked_headers.push({ ...signed, app_hash: 'AB'.repeat(32) });
  add('a linked header contradicting the signed one at its height', 'T4', conflict);
}
{
  const stripped = copy(proposal);
  stripped.facts = stripped.facts.filter((fact) => fact.kind !== 'range');
  delete stripped.claims;
  add('the walks and claims stripped', 'P1 (not shown complete)', stripped, 'accept', { not_shown_complete: true });
}
{
  const treasury = group.facts.findIndex((fact) => fact.kind === 'range' && fact.store === 'bank');
  const policies = group.facts.filter((fact) => fact.kind === 'range' && fact.store === 'bank');
  if (treasury >= 0 && policies.length >= 1) {
    const forged = copy(group);
    const fact = forged.facts[treasury];
    const [anotherPolicy] = await archive.db.query<{ address: string }>(
      'SELECT address FROM policies WHERE address <> $1 ORDER BY address LIMIT 1',
      [fact.claim.address],
    );
    const claim = forged.claims?.find((entry) => entry.subject === `policy ${fact.claim.address}'s treasury`);
    if (claim) claim.subject = `policy ${anotherPolicy.address}'s treasury`;
    add("one account's balances claimed as another policy's treasury", 'C5', forged);
  }
}

// A group's own walks left out while its claims stay (C2, C3, C4), and its proposal ids padded (C6).
const withoutWalk = (bundle: ProofBundle, prefix: string) => {
  const forged = copy(bundle);
  const index = rangeOf(forged, prefix);
  if (index >= 0) forged.facts.splice(index, 1);
  return forged;
};
add("a group's member walk left out, its claim kept", 'C2', withoutWalk(group, '1000'));
add("a group's policy walk left out, its claim kept", 'C3', withoutWalk(group, '22'));
add("a policy's proposals walk left out, its claim kept", 'C4', withoutWalk(group, '32'));
{
  const padded = copy(group);
  const claim = padded.claims?.find((entry) => entry.subject === "the chain's proposal ids");
  if (claim) claim.count = String(BigInt(claim.count ?? '0') + 1n);
  add('more proposal ids claimed than the proven sequence gave', 'C6', padded);
}
// A voter's record: its proposals' group binding left out while the record's claim stays (C9).
const [member] = await archive.db.query<{ voter: string }>(
  `SELECT v.voter FROM votes v WHERE v.proposal_id = $1::numeric ORDER BY v.voter LIMIT 1`,
  [chosen.id],
);
const voter = await bundleAt(`proofs/voters/${member.voter}`);
if ((voter.claims ?? []).some((claim) => claim.subject.endsWith("'s record"))) {
  vectors.push({
    name: 'genuine voter bundle',
    rule: 'C9',
    expect: 'accept',
    bundle: copy(voter) as unknown as Written,
  });
  const unbound = copy(voter);
  unbound.facts = unbound.facts.filter(
    (fact) => !(fact.kind === 'store' && (fact.claim.kind === 'policy' || fact.key.toUpperCase().startsWith('3000'))),
  );
  add("a voter's record with its proposals' group binding left out", 'C9', unbound);
}

const file = path.join(import.meta.dirname, '../test-vectors/completeness-vectors.json');
writeFileSync(
  file,
  `${JSON.stringify({ at: isoOfNanos(atNanos), trusting_period_seconds: String(60 * 86_400), vectors }, null, 0)}\n`,
);
console.log(`wrote ${vectors.length} vectors to ${file} (proposal #${chosen.id}, group ${chosen.group_id})`);
await archive.close();
await h.close();
process.exit(0);
