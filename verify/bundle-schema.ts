import * as v from 'valibot';

import { BUNDLE_FORMATS, type ProofBundle } from './bundle-format.ts';
import { stepsOfNeighbours } from './records/range-neighbours.ts';

// A bundle is untrusted input: its shape is checked before any byte of it is, so a bundle that is
// not one is refused by saying where, never by a crash deep in a hash.

// No leading zeros: heights are compared as text as well as numbers, and "050" is not "50".
const uint = v.pipe(v.string(), v.regex(/^(0|[1-9]\d*)$/, 'a decimal number without leading zeros'));
const hex = v.pipe(v.string(), v.regex(/^(?:[0-9a-fA-F]{2})*$/, 'hex'));
const base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'));
const proofOp = v.object({ type: v.string(), key: v.string(), data: base64 });
const statement = v.record(v.string(), v.string());

// Rule R2: where CometBFT has integers, integers within their protobuf type — a part total of 1.5
// must be refused here, before any encoder meets it.
const integer = (min: number, max: number) => {
  const words = (issue: { input: unknown }) =>
    `${String(issue.input)} is not an integer from ${min} to ${max} (rule R2)`;
  return v.pipe(v.number(), v.integer(words), v.minValue(min, words), v.maxValue(max, words));
};
const uint32 = integer(0, 0xffff_ffff);
const blockId = v.object({ hash: hex, parts: v.object({ total: uint32, hash: hex }) });
const header = v.object({
  version: v.object({ block: uint, app: v.optional(uint) }),
  chain_id: v.string(),
  height: uint,
  time: v.string(),
  last_block_id: blockId,
  last_commit_hash: hex,
  data_hash: hex,
  validators_hash: hex,
  next_validators_hash: hex,
  consensus_hash: hex,
  app_hash: hex,
  last_results_hash: hex,
  evidence_hash: hex,
  proposer_address: hex,
});
const validator = v.object({
  address: hex,
  pub_key: v.object({ type: v.string(), value: base64 }),
  voting_power: uint,
  proposer_priority: v.optional(v.string()),
});
const commit = v.object({
  height: uint,
  round: integer(0, 0x7fff_ffff),
  block_id: blockId,
  signatures: v.array(
    v.object({
      block_id_flag: integer(0, 3),
      validator_address: v.union([hex, v.literal('')]),
      timestamp: v.string(),
      signature: v.nullable(base64),
    }),
  ),
});
const merklePath = v.object({ total: uint, index: uint, aunts: v.array(base64) });
const fact = v.variant('kind', [
  v.object({
    kind: v.literal('tx'),
    height: uint,
    tx: base64,
    tx_path: merklePath,
    result: v.object({ code: uint32, data: v.nullable(base64), gas_wanted: v.string(), gas_used: v.string() }),
    result_path: merklePath,
    claim: statement,
  }),
  v.object({
    kind: v.literal('store'),
    height: uint,
    store: v.string(),
    key: hex,
    value: v.nullable(base64),
    proof_ops: v.array(proofOp),
    claim: statement,
  }),
  // A walk written out step by step, or by its neighbours (range-neighbours.ts): read as steps.
  v.pipe(
    v.object({
      kind: v.literal('range'),
      height: uint,
      store: v.string(),
      prefix: hex,
      steps: v.optional(v.array(v.object({ key: hex, proof_ops: v.array(proofOp) }))),
      neighbours: v.optional(v.array(v.nullable(base64))),
      store_root: v.optional(proofOp),
      claim: statement,
    }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { steps, neighbours, store_root: storeRoot, ...fact } = dataset.value;
      if (steps && (neighbours || storeRoot)) {
        addIssue({ message: 'a range is written by its steps or by its neighbours, not both' });
        return NEVER;
      }
      if (steps) return { ...fact, steps };
      if (!neighbours || !storeRoot) {
        addIssue({ message: 'a range needs its steps, or its neighbours and store_root' });
        return NEVER;
      }
      const rebuilt = stepsOfNeighbours(fact.prefix, { neighbours, store_root: storeRoot });
      if ('problem' in rebuilt) {
        addIssue({ message: `range ${fact.prefix}: ${rebuilt.problem}` });
        return NEVER;
      }
      return { ...fact, steps: rebuilt };
    }),
  ),
]);

const bundleSchema = v.object({
  format: v.picklist(BUNDLE_FORMATS),
  chain_id: v.string(),
  bech32_prefix: v.string(),
  subject: v.object({
    kind: v.picklist(['vote', 'proposal', 'voter', 'upgrade', 'group']),
    id: v.string(),
    label: v.string(),
  }),
  trust_root: v.variant('kind', [
    v.object({
      kind: v.literal('genesis'),
      initial_height: uint,
      genesis_time: v.string(),
      validators: v.array(validator),
    }),
    v.object({ kind: v.literal('header'), height: uint, hash: hex }),
  ]),
  root_provenance: v.optional(
    v.variant('kind', [
      v.object({
        kind: v.literal('genesis'),
        set_from: v.picklist(['genesis validators', 'gen_txs', 'staking state']),
        genesis_sha256: v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
      }),
      v.object({ kind: v.literal('pin') }),
      v.object({ kind: v.literal('agreement'), nodes: v.array(v.string()) }),
    ]),
  ),
  trusting_period_seconds: uint,
  light_blocks: v.array(
    v.object({
      signed_header: v.object({ header, commit }),
      validator_set: v.array(validator),
      verified_from: v.optional(uint),
    }),
  ),
  linked_headers: v.array(header),
  facts: v.array(fact),
  unproven: v.array(v.object({ what: v.string(), reason: v.string() })),
  page: v.optional(
    v.object({
      number: v.pipe(v.number(), v.integer(), v.minValue(1)),
      of: v.pipe(v.number(), v.integer(), v.minValue(1)),
      items: v.string(),
      first: v.pipe(v.number(), v.integer(), v.minValue(0)),
      last: v.pipe(v.number(), v.integer(), v.minValue(0)),
      total: v.pipe(v.number(), v.integer(), v.minValue(0)),
      previous: v.nullable(v.string()),
      next: v.nullable(v.string()),
    }),
  ),
  claims: v.optional(
    v.array(
      v.object({
        subject: v.string(),
        state: v.picklist(['complete', 'reconciled'], 'a claim is complete or reconciled (rule R3)'),
        height: uint,
        count: v.optional(uint),
        items: v.optional(v.array(v.string())),
      }),
    ),
  ),
});

/** Rule R1: no verifier walks a document nested deeper than this (a bound both verifiers share). */
export const MAX_NESTING = 64;

/** Whether `input` nests arrays and objects more than MAX_NESTING deep; iterative, so depth cannot crash it. */
function nestedTooDeep(input: unknown): boolean {
  const stack: [unknown, number][] = [[input, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_NESTING) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The bundle, or where it is not one. */
export function parseBundle(input: unknown): { bundle: ProofBundle } | { problem: string } {
  if (nestedTooDeep(input))
    return { problem: `not a proof bundle: it nests deeper than ${MAX_NESTING} levels (rule R1)` };
  const parsed = v.safeParse(bundleSchema, input);
  if (parsed.success) return { bundle: parsed.output };
  const issue = parsed.issues[0];
  const where = v.getDotPath(issue) ?? 'the top level';
  return { problem: `not a proof bundle: at ${where}, ${issue.message}` };
}
