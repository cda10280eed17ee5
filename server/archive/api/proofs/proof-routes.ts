import type { BundlePage } from '../../../../verify/bundle-format.ts';
import { writtenRange } from '../../../../verify/records/range-neighbours.ts';
import { GrpcCode, GrpcStatusError, invalidArgument } from '../../../lib/grpc-status.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { readMetaValue } from '../../store/cursor/cursor-reads.ts';
import { groupExists, readGroupMemberWeights } from '../../store/groups/group-reads.ts';
import { readGroupPolicies } from '../../store/policies/policy-reads.ts';
import {
  factCountWithPrefix,
  factProofs,
  factProofsWithPrefix,
  voterFactCount,
  voterFactProofs,
  voterRecordRangeIds,
  type FactProof,
} from '../../store/proofs/fact-proofs.ts';
import { memberProofKey } from '../../store/proofs/proof-work.ts';
import { readWitnessConflicts } from '../../store/proofs/witness-conflicts.ts';
import { proposalExists, proposalPruned } from '../../store/proposals/proposal-reads.ts';
import { readAppliedUpgradeNames } from '../../store/upgrades/upgrade-reads.ts';
import { archivedBech32Prefix, voteExists } from '../../store/votes/vote-reads.ts';
import { isAddress, uint64Path, type ArchiveQuery } from '../archive-params.ts';
import { withLinks } from './bundle-links.ts';
import { SerializedJson, serializeInSlices, WorkTurns } from './bundle-serial.ts';
import { describe } from './fact-descriptions.ts';
import { assembleBundle, type BundleSubject } from './proof-bundles.ts';

// Proof bundles (`proofs/…`): a proposal (its record, every vote and event the archive holds),
// one vote, a voter's whole record, a group's members and policies, the applied upgrades — each a
// document that verifies with nothing else. A proposal's or a voter's votes come in pages of
// VOTES_PER_PAGE (`?page=N`), each a whole bundle; two bundles are built at once, a few dozen wait.

export const VOTES_PER_PAGE = 2000;
const bundleTurns = new WorkTurns(2, 64);

/** What the routes read: the archive's store (any ArchiveSource is one). */
interface ArchiveSource {
  readonly store: { readonly db: ArchiveStore['db'] };
  /** The writer's proof state (a reader process has none): why nothing is proven, when it says. */
  readonly follower?: { readonly proofs?: { readonly state: { readonly problem: string | null } } | null };
  /** The node followed: headers for `links_from` that the archive did not keep are read from it. */
  readonly source?: { readonly rpc: string };
}

/**
 * No trust root: waiting helps only while the light client is still checking it. Where it cannot
 * (the status's problem), the answer says why and what the operator can do, with no "yet".
 */
function noRoot(source: ArchiveSource): GrpcStatusError {
  const problem = source.follower?.proofs?.state.problem;
  if (problem) return new GrpcStatusError(GrpcCode.Unavailable, `this archive proves nothing: ${problem}`);
  if (source.follower && !source.follower.proofs)
    return new GrpcStatusError(
      GrpcCode.Unavailable,
      'this archive proves nothing: its operator turned proofs off (--trust NAME=off), or it reads no RPC',
    );
  return new GrpcStatusError(
    GrpcCode.Unavailable,
    'the archive has not proven anything yet: its light client is still checking its trust root',
  );
}

/**
 * The records that say which group a proposal's walked votes belong to (rule C7), proven in the
 * walk's state: without them a verifier names no non-voters and counts no absence for a voter.
 */
const bindingProofs = async (db: ArchiveStore['db'], ids: readonly string[]) => [
  ...(await factProofs(db, 'range-proposal', ids)),
  ...(await factProofs(db, 'range-policy', ids)),
];

/** Facts the archive holds but has not looked at yet, said as such rather than left out. */
const pending = (subject: string, key: string): FactProof => ({
  subject,
  subjectKey: key,
  height: null,
  verified: false,
  recordVersion: '',
  evidence: null,
  reason: 'not proven yet: the archive proves records a few blocks after it reads them',
});

async function bundleOf(
  source: ArchiveSource,
  query: ArchiveQuery,
  subject: BundleSubject,
  facts: FactProof[],
  page?: BundlePage,
  settled = false,
) {
  const db = source.store.db;
  const linksFrom = query.uint64('links_from');
  const chainId = (await readMetaValue(db, 'chain_id')) ?? '';
  const bundle = await assembleBundle(
    db,
    { chainId, bech32Prefix: await archivedBech32Prefix(db) },
    subject,
    facts,
    describe,
  );
  if (!bundle) throw noRoot(source);
  const linked = linksFrom === null ? bundle : await withLinks(bundle, linksFrom, db, source.source?.rpc ?? '');
  // Walks go out by their neighbours: half the bytes of writing every step whole.
  const written = linked.facts.map((fact) => (fact.kind === 'range' ? writtenRange(fact) : fact));
  const { text } = await serializeInSlices({ ...linked, facts: written, page });
  return new SerializedJson(text, settled && facts.every((fact) => fact.verified) ? 'final' : 'changing');
}

/** The page asked for (`?page=N`, 1 by default), or a 400. */
function pageNumber(query: ArchiveQuery): number {
  const text = query.text('page');
  if (text === null) return 1;
  if (!/^[1-9]\d{0,8}$/.test(text))
    throw invalidArgument(`page must be a whole number from 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

/** Page `number` of `total` votes: which of them it holds and the paths of the pages beside it. */
function votePage(path: string, number: number, total: number): BundlePage {
  const of = Math.max(1, Math.ceil(total / VOTES_PER_PAGE));
  if (number > of) throw new GrpcStatusError(GrpcCode.NotFound, `there are ${of} pages of votes, not ${number}`);
  const first = total === 0 ? 0 : (number - 1) * VOTES_PER_PAGE + 1;
  return {
    number,
    of,
    items: 'votes',
    first,
    last: Math.min(total, number * VOTES_PER_PAGE),
    total,
    previous: number > 1 ? `${path}?page=${number - 1}` : null,
    next: number < of ? `${path}?page=${number + 1}` : null,
  };
}

const offsetOf = (page: BundlePage) => ({ offset: (page.number - 1) * VOTES_PER_PAGE, limit: VOTES_PER_PAGE });

/** The proposal's record and events on its first page; its votes, 2,000 a page, on every page. */
async function proposalBundle(source: ArchiveSource, id: string, query: ArchiveQuery) {
  const db = source.store.db;
  const number = pageNumber(query);
  if (!(await proposalExists(db, id)))
    throw new GrpcStatusError(GrpcCode.NotFound, `the archive holds no proposal ${id}`);
  const page = votePage(`proofs/proposals/${id}`, number, await factCountWithPrefix(db, 'vote', `${id}/`));
  const votes = await factProofsWithPrefix(db, 'vote', `${id}/`, offsetOf(page));
  // The first page holds the record, its events and the proof that its votes are all there are.
  const head =
    number === 1
      ? [
          (await factProofs(db, 'proposal', [id]))[0] ?? pending('proposal', id),
          ...(await factProofs(db, 'vote-range', [id])),
          ...(await factProofs(db, 'member-range', [id])),
          ...(await bindingProofs(db, [id])),
          ...(await factProofsWithPrefix(db, 'event', `${id}/`)),
        ]
      : [];
  const label = page.of > 1 ? `Proposal #${id}, page ${number} of ${page.of}` : `Proposal #${id}`;
  const subject = { kind: 'proposal', id, label } as const;
  const paged = page.of > 1 ? page : undefined;
  return bundleOf(source, query, subject, [...head, ...votes], paged, await proposalPruned(db, id));
}

async function voteBundle(source: ArchiveSource, query: ArchiveQuery, id: string, voter: string) {
  if (!isAddress(voter)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(voter)}`);
  const db = source.store.db;
  const [vote] = await factProofs(db, 'vote', [`${id}/${voter}`]);
  if (!(await voteExists(db, id, voter)))
    throw new GrpcStatusError(GrpcCode.NotFound, `the archive holds no vote of ${voter} on proposal ${id}`);
  return bundleOf(
    source,
    query,
    { kind: 'vote', id: `${id}/${voter}`, label: `The vote of ${voter} on proposal #${id}` },
    [vote ?? pending('vote', `${id}/${voter}`)],
    undefined,
    await proposalPruned(db, id),
  );
}

async function voterBundle(source: ArchiveSource, voter: string, query: ArchiveQuery) {
  if (!isAddress(voter)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(voter)}`);
  const number = pageNumber(query);
  const address = voter.toLowerCase();
  const page = votePage(`proofs/voters/${voter}`, number, await voterFactCount(source.store.db, address));
  const facts = await voterFactProofs(source.store.db, address, offsetOf(page));
  // Page 1 also shows what the voter did not vote on: complete vote sets of its groups' proposals.
  if (number === 1) {
    const ids = await voterRecordRangeIds(source.store.db, address);
    facts.push(...(await factProofs(source.store.db, 'vote-range', ids)));
    facts.push(...(await factProofs(source.store.db, 'member-range', ids)));
    facts.push(...(await bindingProofs(source.store.db, ids)));
  }
  const label = page.of > 1 ? `Every vote of ${voter}, page ${number} of ${page.of}` : `Every vote of ${voter}`;
  return bundleOf(source, query, { kind: 'voter', id: voter, label }, facts, page.of > 1 ? page : undefined);
}

/** Every applied upgrade's done marker, or the one named. */
async function upgradesBundle(source: ArchiveSource, query: ArchiveQuery, name?: string) {
  const db = source.store.db;
  const names = await readAppliedUpgradeNames(db, name);
  if (name !== undefined && names.length === 0)
    throw new GrpcStatusError(GrpcCode.NotFound, `the archive holds no applied upgrade ${JSON.stringify(name)}`);
  const facts = await factsFor(source, 'upgrade', names);
  const subject: BundleSubject =
    name === undefined
      ? { kind: 'upgrade', id: '*', label: 'Every applied upgrade' }
      : { kind: 'upgrade', id: name, label: `The upgrade ${JSON.stringify(name)}` };
  return bundleOf(source, query, subject, facts);
}

/**
 * Facts of `subject` by key, each key the archive holds present: proven, unproven, or not yet
 * looked at. With `versions`, a proof of another version of a record is not its proof.
 */
async function factsFor(source: ArchiveSource, subject: string, keys: readonly string[], versions?: string[]) {
  const found = new Map((await factProofs(source.store.db, subject, keys)).map((fact) => [fact.subjectKey, fact]));
  return keys.map((key, index) => {
    const fact = found.get(key);
    if (!fact || (versions && fact.recordVersion !== versions[index])) return pending(subject, key);
    return fact;
  });
}

/** A group's current members (their weights) and its policies (their rules). */
async function groupBundle(source: ArchiveSource, query: ArchiveQuery, id: string) {
  const db = source.store.db;
  if (!(await groupExists(db, id))) throw new GrpcStatusError(GrpcCode.NotFound, `the archive holds no group ${id}`);
  const members = await readGroupMemberWeights(db, id);
  const policies = await readGroupPolicies(db, id);
  const facts = [
    ...(await factsFor(
      source,
      'policy',
      policies.map((policy) => policy.address),
      policies.map((policy) => policy.version),
    )),
    ...(await factsFor(
      source,
      'member',
      members.map((member) => memberProofKey(id, member.address)),
      members.map((member) => member.weight),
    )),
    // Every member and every policy in one state, proven to be all there are (the latest walk).
    ...(await factsFor(source, 'group-member-range', [id])),
    ...(await factsFor(source, 'group-policy-range', [id])),
    // Each policy's stored proposals, and the sequence numbering every proposal, in that state.
    ...(await factsFor(
      source,
      'policy-proposal-range',
      policies.map((policy) => policy.address),
    )),
    ...(await factsFor(source, 'proposal-sequence', [id])),
    // What each policy holds: every balance in x/bank's store, walked denom by denom.
    ...(await factsFor(
      source,
      'balance-range',
      policies.map((policy) => policy.address),
    )),
  ];
  return bundleOf(source, query, { kind: 'group', id, label: `Group #${id}: its members and policies` }, facts);
}

/** A bundle's work, in its turn among the others being built. */
const inTurn =
  (build: (source: ArchiveSource, match: string[], query: ArchiveQuery) => Promise<unknown>) =>
  (source: ArchiveSource, match: string[], query: ArchiveQuery) =>
    bundleTurns.run(() => build(source, match, query));

export const PROOF_ROUTES: {
  pattern: RegExp;
  answer: (source: ArchiveSource, match: string[], query: ArchiveQuery) => Promise<unknown>;
}[] = [
  {
    pattern: /^proofs\/proposals\/([^/]+)$/,
    answer: inTurn((source, match, query) => proposalBundle(source, uint64Path(match[1]), query)),
  },
  {
    pattern: /^proofs\/votes\/([^/]+)\/([^/]+)$/,
    answer: inTurn((source, match, query) => voteBundle(source, query, uint64Path(match[1]), match[2])),
  },
  {
    pattern: /^proofs\/voters\/([^/]+)$/,
    answer: inTurn((source, match, query) => voterBundle(source, match[1], query)),
  },
  {
    pattern: /^proofs\/groups\/([^/]+)$/,
    answer: inTurn((source, match, query) => groupBundle(source, query, uint64Path(match[1]))),
  },
  { pattern: /^proofs\/upgrades$/, answer: inTurn((source, _match, query) => upgradesBundle(source, query)) },
  {
    pattern: /^proofs\/upgrades\/([^/]+)$/,
    answer: inTurn((source, match, query) => upgradesBundle(source, query, match[1])),
  },
  // Both signed headers of every conflict a witness showed, as kept: evidence for a person to judge.
  {
    pattern: /^proofs\/witness-conflicts$/,
    answer: async (source) => ({ conflicts: await readWitnessConflicts(source.store.db) }),
  },
];
