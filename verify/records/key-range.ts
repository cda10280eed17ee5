import { ics23 } from '@confio/ics23';

import { bytesEqual, bytesOfBase64, bytesOfHex, compareBytes, concatBytes, hexOf } from '../bytes.ts';
import { statementOfRecord, type Statement } from './facts.ts';
import { storeProofProblem, type ProofOpJson } from './store-proof.ts';
import { walkSubjectOf, type WalkSubject } from './walk-subject.ts';

// Every key under a prefix, proven: nothing left out. An ICS23 absence proof names the two keys
// either side of a missing one, each proven in the tree. So a chain of them — one at the prefix
// itself, then one just after each key found (the key followed by a zero byte, its immediate
// successor) — walks the store from neighbour to neighbour: each names the next key, until one
// names a key beyond the prefix, or none. The keys it met are all there are, with their values.

/** All the keys under `prefix` in one store, after block `height`: one absence proof a step. */
export interface RangeFactJson {
  kind: 'range';
  height: string;
  store: string;
  /** Hex. */
  prefix: string;
  /** In order: the absence of the prefix itself, then of each key found followed by a zero byte. */
  steps: { key: string; proof_ops: ProofOpJson[] }[];
  /** What the archive says the range holds ({kind: 'vote-set', proposal_id, count}). */
  claim: Statement;
}

export interface RangeRecords {
  /** Each key found, with its proven value (hex and base64 as the store holds them). */
  records: { key: Uint8Array; value: Uint8Array }[];
}

/** The smallest key above every key that starts with `prefix`, or null (all 0xff: no end). */
function endOf(prefix: Uint8Array): Uint8Array | null {
  const end = Uint8Array.from(prefix);
  for (let index = end.length - 1; index >= 0; index -= 1) {
    if (end[index] < 0xff) {
      end[index] += 1;
      return end.slice(0, index + 1);
    }
  }
  return null;
}

const startsWith = (key: Uint8Array, prefix: Uint8Array) =>
  key.length >= prefix.length && bytesEqual(key.slice(0, prefix.length), prefix);

function absenceOf(ops: readonly ProofOpJson[]): ics23.INonExistenceProof | null {
  const bytes = bytesOfBase64(ops[0]?.data ?? '');
  if (!bytes) return null;
  try {
    return ics23.CommitmentProof.decode(bytes).nonexist ?? null;
  } catch {
    return null;
  }
}

/**
 * The key an absence proof names next under `prefix` (its right neighbour), or null when the
 * neighbour is past the prefix or there is none: how a walk over a range finds its next step.
 */
export function nextKeyInRange(ops: readonly ProofOpJson[], prefixHex: string): string | null {
  const prefix = bytesOfHex(prefixHex);
  const right = absenceOf(ops)?.right?.key;
  if (!prefix || !right || !startsWith(right, prefix)) return null;
  const end = endOf(prefix);
  return end === null || compareBytes(right, end) < 0 ? hexOf(right) : null;
}

/** The keys and values of the range, or why the steps do not prove that they are all there are. */
export function rangeRecords(fact: RangeFactJson, appHash: Uint8Array): RangeRecords | { problem: string } {
  const prefix = bytesOfHex(fact.prefix);
  if (!prefix || prefix.length === 0) return { problem: 'the range has no prefix' };
  const end = endOf(prefix);
  const records: RangeRecords['records'] = [];
  let expected = prefix;
  for (const [index, step] of fact.steps.entries()) {
    const key = bytesOfHex(step.key);
    if (!key || !bytesEqual(key, expected)) {
      return {
        problem: `step ${index + 1} proves the absence of ${step.key}, not of ${hexOf(expected)}: the walk does not follow the neighbours`,
      };
    }
    const problem = storeProofProblem(step.proof_ops, fact.store, key, null, appHash);
    if (problem) return { problem: `step ${index + 1}: ${problem}` };
    const absence = absenceOf(step.proof_ops);
    if (!absence) return { problem: `step ${index + 1} holds no absence proof` };
    const found = records.at(-1);
    if (found && !bytesEqual(absence.left?.key ?? new Uint8Array(), found.key)) {
      return {
        problem: `step ${index + 1}: the key before ${step.key} is not ${hexOf(found.key)}: a key lies between`,
      };
    }
    const right = absence.right;
    const inRange = right?.key && startsWith(right.key, prefix) && (end === null || compareBytes(right.key, end) < 0);
    if (!inRange) {
      if (index !== fact.steps.length - 1)
        return { problem: `step ${index + 1} reaches the end of the range, yet more steps follow` };
      return { records };
    }
    const value = right.value ?? new Uint8Array();
    records.push({ key: Uint8Array.from(right.key ?? []), value: Uint8Array.from(value) });
    expected = concatBytes(right.key ?? new Uint8Array(), Uint8Array.of(0));
  }
  const last = records.at(-1);
  return {
    problem: `the range is cut short: after ${last ? hexOf(last.key) : 'its start'} the store holds another key under the prefix, and no step shows past it`,
  };
}

/**
 * What a walk the archive proved says, read from its steps without checking them again: the archive
 * writes its claims from this, and every verifier checks the walk itself.
 */
export function walkStatement(fact: RangeFactJson, bech32Prefix: string): Statement {
  const subject = walkSubjectOf(fact.store, fact.prefix, bech32Prefix);
  const prefix = bytesOfHex(fact.prefix);
  if ('problem' in subject || !prefix) return fact.claim;
  const end = endOf(prefix);
  const records: RangeRecords['records'] = [];
  for (const step of fact.steps) {
    const right = absenceOf(step.proof_ops)?.right;
    if (!right?.key || !startsWith(right.key, prefix) || (end !== null && compareBytes(right.key, end) >= 0)) break;
    records.push({ key: Uint8Array.from(right.key), value: Uint8Array.from(right.value ?? []) });
  }
  return rangeStatement(fact, records, bech32Prefix, subject);
}

/** What the records of a range say: a proposal's votes, a group's members or policies, with their count. */
export function rangeStatement(
  fact: RangeFactJson,
  records: RangeRecords['records'],
  bech32Prefix: string,
  subject: WalkSubject,
): Statement {
  const statements = records.map((record) => statementOfRecord(fact.store, record.key, record.value, bech32Prefix));
  const count = String(records.length);
  if (subject.kind === 'balances')
    return {
      kind: 'balance-set',
      address: subject.address,
      count,
      balances: statements.map((statement) => `${statement.amount ?? '?'} ${statement.denom ?? '?'}`).join(', '),
    };
  if (subject.kind === 'policy-proposals')
    return {
      kind: 'policy-proposal-set',
      group_policy_address: subject.address,
      count,
      proposals: statements.map((statement) => statement.proposal_id ?? '?').join(' '),
    };
  if (subject.kind === 'policies')
    return {
      kind: 'policy-set',
      group_id: subject.groupId,
      count,
      policies: statements.map((statement) => statement.address ?? '?').join(' '),
    };
  if (subject.kind === 'members')
    return {
      kind: 'member-set',
      group_id: subject.groupId,
      count,
      members: statements.map((statement) => `${statement.address ?? '?'}=${statement.weight ?? '?'}`).join(' '),
    };
  const options = new Map<string, number>();
  for (const statement of statements)
    options.set(statement.option ?? '?', (options.get(statement.option ?? '?') ?? 0) + 1);
  return {
    kind: 'vote-set',
    proposal_id: subject.proposalId,
    count,
    options: [...options].map(([option, total]) => `${option.replace(/^VOTE_OPTION_/, '')} ${total}`).join(', '),
    ballots: statements
      .map((statement) => `${statement.voter ?? '?'}=${(statement.option ?? '?').replace(/^VOTE_OPTION_/, '')}`)
      .join(' '),
  };
}
