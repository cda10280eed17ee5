import { GrpcCode, GrpcStatusError, invalidArgument } from '../../lib/grpc-status.ts';
import type { ProofState } from '../follower/prove/proof-service.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { readMetaValue } from '../store/cursor/cursor-reads.ts';
import { groupExists, readGroupMemberWeights } from '../store/groups/group-reads.ts';
import { readGroupPolicies } from '../store/policies/policy-reads.ts';
import {
  factProofs,
  factProofsWithPrefix,
  proofTotals,
  voterFactProofs,
  type FactProof,
} from '../store/proofs/proof-store.ts';
import { memberProofKey } from '../store/proofs/proof-work.ts';
import { proposalExists } from '../store/proposals/proposal-reads.ts';
import { readAppliedUpgradeNames } from '../store/upgrades/upgrade-reads.ts';
import { archivedBech32Prefix, voteExists } from '../store/votes/vote-reads.ts';
import { isAddress } from './archive-params.ts';
import { assembleBundle, type BundleSubject } from './proof-bundles.ts';

// Proof bundles (`proofs/…`): a proposal (its record, every vote and event the archive holds),
// one vote, a voter's whole record, a group's members and policies, the applied upgrades — each a
// document that verifies with nothing else.

/** What the routes read: the archive's store (any ArchiveSource is one). */
interface ArchiveSource {
  readonly store: { readonly db: ArchiveStore['db'] };
}

const notYet = (what: string) =>
  new GrpcStatusError(GrpcCode.Unavailable, `the archive has not proven anything yet: ${what}`);

function describe(fact: FactProof): string {
  const [first, second] = fact.subjectKey.split('/');
  if (fact.subject === 'vote') return `the vote of ${second} on proposal #${first}`;
  if (fact.subject === 'proposal') return `proposal #${first}'s record`;
  if (fact.subject === 'upgrade') return `the upgrade ${JSON.stringify(fact.subjectKey)} applied`;
  if (fact.subject === 'member') return `the membership of ${second} in group ${first}`;
  if (fact.subject === 'policy') return `the group policy ${first}`;
  return `proposal #${first}'s event at height ${second}`;
}

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

async function bundleOf(source: ArchiveSource, subject: BundleSubject, facts: FactProof[]) {
  const db = source.store.db;
  const chainId = (await readMetaValue(db, 'chain_id')) ?? '';
  const bundle = await assembleBundle(
    db,
    { chainId, bech32Prefix: await archivedBech32Prefix(db) },
    subject,
    facts,
    describe,
  );
  if (!bundle) throw notYet('its light client has not checked its trust root');
  return bundle;
}

async function proposalBundle(source: ArchiveSource, id: string) {
  const db = source.store.db;
  if (!(await proposalExists(db, id)))
    throw new GrpcStatusError(GrpcCode.NotFound, `the archive holds no proposal ${id}`);
  const record = (await factProofs(db, 'proposal', [id]))[0] ?? pending('proposal', id);
  const votes = await factProofsWithPrefix(db, 'vote', `${id}/`);
  const events = await factProofsWithPrefix(db, 'event', `${id}/`);
  return bundleOf(source, { kind: 'proposal', id, label: `Proposal #${id}` }, [record, ...events, ...votes]);
}

async function voteBundle(source: ArchiveSource, id: string, voter: string) {
  if (!isAddress(voter)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(voter)}`);
  const db = source.store.db;
  const [vote] = await factProofs(db, 'vote', [`${id}/${voter}`]);
  if (!(await voteExists(db, id, voter)))
    throw new GrpcStatusError(GrpcCode.NotFound, `the archive holds no vote of ${voter} on proposal ${id}`);
  return bundleOf(source, { kind: 'vote', id: `${id}/${voter}`, label: `The vote of ${voter} on proposal #${id}` }, [
    vote ?? pending('vote', `${id}/${voter}`),
  ]);
}

async function voterBundle(source: ArchiveSource, voter: string) {
  if (!isAddress(voter)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(voter)}`);
  const facts = await voterFactProofs(source.store.db, voter.toLowerCase());
  return bundleOf(source, { kind: 'voter', id: voter, label: `Every vote of ${voter}` }, facts);
}

/**
 * The status's account of proofs: whether the node offers them (and why not), the trust root, and
 * per kind of record how many are proven and how many are held without proof.
 */
export function proofStatusJson(
  state: ProofState | null,
  totals: Record<string, { proven: string; unproven: string }>,
) {
  const root = state?.trustRoot ?? null;
  return {
    available: state === null ? false : state.available,
    problem: state === null ? 'proofs are off (--trust off), or the archive reads no RPC' : state.problem,
    trust_root:
      root === null
        ? null
        : root.kind === 'genesis'
          ? { kind: 'genesis', height: root.initial_height }
          : { kind: 'header', height: root.height, hash: root.hash },
    records: totals,
  };
}

/** What share of each kind of record is proven: the status's summary. */
export async function proofSummary(source: ArchiveSource) {
  return proofTotals(source.store.db);
}

/** Every applied upgrade's done marker, or the one named. */
async function upgradesBundle(source: ArchiveSource, name?: string) {
  const db = source.store.db;
  const names = await readAppliedUpgradeNames(db, name);
  if (name !== undefined && names.length === 0)
    throw new GrpcStatusError(GrpcCode.NotFound, `the archive holds no applied upgrade ${JSON.stringify(name)}`);
  const facts = await factsFor(source, 'upgrade', names);
  const subject: BundleSubject =
    name === undefined
      ? { kind: 'upgrade', id: '*', label: 'Every applied upgrade' }
      : { kind: 'upgrade', id: name, label: `The upgrade ${JSON.stringify(name)}` };
  return bundleOf(source, subject, facts);
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
async function groupBundle(source: ArchiveSource, id: string) {
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
  ];
  return bundleOf(source, { kind: 'group', id, label: `Group #${id}: its members and policies` }, facts);
}

const uint64Path = (text: string | undefined) => {
  if (!text || !/^\d{1,20}$/.test(text) || BigInt(text) > 2n ** 64n - 1n)
    throw invalidArgument(`not a uint64 id: ${JSON.stringify(text)}`);
  return text;
};

export const PROOF_ROUTES: {
  pattern: RegExp;
  answer: (source: ArchiveSource, match: string[]) => Promise<unknown>;
}[] = [
  { pattern: /^proofs\/proposals\/([^/]+)$/, answer: (source, match) => proposalBundle(source, uint64Path(match[1])) },
  {
    pattern: /^proofs\/votes\/([^/]+)\/([^/]+)$/,
    answer: (source, match) => voteBundle(source, uint64Path(match[1]), match[2]),
  },
  { pattern: /^proofs\/voters\/([^/]+)$/, answer: (source, match) => voterBundle(source, match[1]) },
  { pattern: /^proofs\/groups\/([^/]+)$/, answer: (source, match) => groupBundle(source, uint64Path(match[1])) },
  { pattern: /^proofs\/upgrades$/, answer: (source) => upgradesBundle(source) },
  { pattern: /^proofs\/upgrades\/([^/]+)$/, answer: (source, match) => upgradesBundle(source, match[1]) },
];
