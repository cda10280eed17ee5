import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildChecker, goVerdict } from '../checker/go-checker.ts';
import { compareEmbedded } from './differential.ts';
import {
  buildChain,
  json,
  NoUseWaiting,
  root,
  startChain,
  startPolity,
  stopChain,
  stopPolity,
  waitFor,
  type Polity,
  type RealChain,
} from './real-chain-kit.ts';

// A real Cosmos SDK v0.50 chain, built from the SDK's own modules (testchain/), with an x/group and
// x/upgrade history: Polity's archive follows it from genesis with no trust option, as a new user
// would, and must prove every record and set, agree with the node, and hand out bundles both
// verifiers accept from the chain's own genesis file. Started several times: the race that once
// held a proof to the wrong header showed only sometimes.

const run = promisify(execFile);
const STARTS = Number(process.env.POLITY_REAL_CHAIN_STARTS ?? 3);

interface Status {
  phase: string;
  problem: string | null;
  latest_height: string | null;
  gaps: unknown[];
  fill: unknown;
  proofs: { problem: string | null; records: Record<string, { proven: string; unproven: string }> };
  completeness: { tallies: { differing: string } };
}

let chain: RealChain | undefined;
const proposalIds = () => Object.keys(chain!.history.proposals);
const groupIds = () => Object.keys(chain!.history.groups);

beforeAll(async () => {
  const [binary] = await Promise.all([buildChain(), buildChecker()]);
  chain = await startChain(binary);
}, 45 * 60_000);

afterAll(() => stopChain(chain));

/** Until the archive has read past the history and proved every vote set, with nothing refused. */
async function provenThrough(polity: Polity): Promise<Status> {
  let status: Status | undefined;
  await waitFor(
    async () => {
      status = await json<Status>(`${polity.archive}/status`);
      if (status.problem !== null) throw new NoUseWaiting(`the archive stopped: ${status.problem}`);
      const records = status.proofs.records;
      return (
        BigInt(status.latest_height ?? '0') >= BigInt(chain!.history.height_at_end) &&
        status.proofs.problem === null &&
        status.gaps.length === 0 &&
        status.fill === null &&
        Number(records['vote-range']?.proven ?? 0) >= proposalIds().length &&
        Number(records['group-member-range']?.proven ?? 0) >= groupIds().length &&
        Object.entries(records).every(([kind, { unproven }]) => kind === 'proposal' || unproven === '0')
      );
    },
    8 * 60_000,
    () => `${polity.log()}\nstatus: ${JSON.stringify(status)}`,
  );
  return status!;
}

const verifyCommand = async (file: string, ...args: string[]) => {
  try {
    await run(process.execPath, [path.join(root, 'bin/polity-verify.mjs'), file, ...args]);
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
};

/** Every proposal's, group's and the upgrades' bundle, checked by polity-verify from the chain's genesis file and by the Go checker. */
async function checkEveryBundle(polity: Polity) {
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const folder = mkdtempSync(path.join(tmpdir(), 'polity-real-bundles-'));
  const genesis = path.join(chain!.home, 'config/genesis.json');
  const routes = [
    ...proposalIds().map((id) => `proofs/proposals/${id}`),
    ...groupIds().map((id) => `proofs/groups/${id}`),
    'proofs/upgrades',
  ];
  const outcomes: string[] = [];
  for (const route of routes) {
    const bundle = await json<{ unproven: { reason: string }[] }>(`${polity.archive}/${route}`);
    const file = path.join(folder, `${route.replaceAll('/', '-')}.json`);
    writeFileSync(file, JSON.stringify(bundle));
    // Held without proof only what no state ever held: a proposal decided, run and removed in one block.
    const expected = bundle.unproven.every((entry) => /decided, executed and removed/.test(entry.reason))
      ? bundle.unproven.length > 0
        ? 4
        : 0
      : -1;
    const exit = await verifyCommand(file, '--genesis', genesis, '--require-complete');
    const go = await goVerdict(bundle, {});
    const goAccepts = go.chain_ok && go.facts.every(Boolean) && go.claims_ok;
    outcomes.push(`${route}: exit ${exit}, go ${goAccepts ? 'accepts' : `refuses ${JSON.stringify(go)}`}`);
    expect(expected, `${route} holds records without proof: ${JSON.stringify(bundle.unproven)}`).not.toBe(-1);
    expect(`${route}: exit ${exit}`).toBe(`${route}: exit ${expected}`);
  }
  expect(outcomes.filter((line) => !line.endsWith('go accepts'))).toEqual([]);
}

/** The archive's records against the node's answers: proposals it still stores, members, policies, votes, the upgrade. */
async function checkAgainstNode(polity: Polity) {
  const node = (route: string) => json<Record<string, unknown>>(`${chain!.rest}${route}`);
  for (const id of proposalIds()) {
    const archived = (await json<{ proposal: Record<string, unknown> }>(`${polity.archive}/proposals/${id}`)).proposal;
    const answer = await fetch(`${chain!.rest}/cosmos/group/v1/proposal/${id}`);
    if (!answer.ok) continue; // pruned by the chain: the archive is its only record
    const onChain = ((await answer.json()) as { proposal: Record<string, unknown> }).proposal;
    for (const field of ['status', 'executor_result', 'final_tally_result', 'group_policy_address', 'title'])
      expect([id, field, archived[field]]).toEqual([id, field, onChain[field]]);
    const votes = (await node(`/cosmos/group/v1/votes_by_proposal/${id}`)).votes as { voter: string; option: string }[];
    const kept = (await json<{ votes: { voter: string; option: string }[] }>(`${polity.archive}/proposals/${id}/votes`))
      .votes;
    const pairs = (list: { voter: string; option: string }[]) =>
      list.map((vote) => `${vote.voter}=${vote.option}`).sort();
    if (votes.length > 0) expect(pairs(kept)).toEqual(pairs(votes));
  }
  for (const id of groupIds()) {
    const members = (await node(`/cosmos/group/v1/group_members/${id}?pagination.limit=1000`)).members as {
      member: { address: string; weight: string };
    }[];
    const kept = (
      await json<{ members: { address: string; weight: string }[] }>(
        `${polity.archive}/groups/${id}/members?limit=1000`,
      )
    ).members;
    expect(kept.map((member) => `${member.address}=${member.weight}`).sort()).toEqual(
      members.map(({ member }) => `${member.address}=${member.weight}`).sort(),
    );
    const policies = (await node(`/cosmos/group/v1/group_policies_by_group/${id}`)).group_policies as {
      address: string;
      version: string;
    }[];
    const keptPolicies = await json<{
      group_policies?: { address: string; version: string }[];
      policies?: { address: string; version: string }[];
    }>(`${polity.archive}/groups/${id}/policies`);
    const list = keptPolicies.group_policies ?? keptPolicies.policies ?? [];
    expect(list.map((policy) => `${policy.address}@${policy.version}`).sort()).toEqual(
      policies.map((policy) => `${policy.address}@${policy.version}`).sort(),
    );
  }
  const { name } = chain!.history.upgrade;
  const applied = (await node(`/cosmos/upgrade/v1beta1/applied_plan/${name}`)).height;
  const upgrades = await json<{ applied: { name: string; applied_height: string }[] }>(`${polity.archive}/upgrades`);
  expect(upgrades.applied.map((plan) => `${plan.name}@${plan.applied_height}`)).toEqual([`${name}@${String(applied)}`]);
  const archived = await json<{ proposals: { id: string }[] }>(`${polity.archive}/proposals?limit=100`);
  expect(archived.proposals.map((proposal) => proposal.id).sort()).toEqual([...proposalIds()].sort());
}

describe('Polity on a real Cosmos SDK chain (testchain/, SDK v0.50.13)', () => {
  it('the same history on the embedded node gives the same REST answers, height by height', async () => {
    const { differences, heights, ran } = await compareEmbedded(chain!);
    // The replay did run the history: every kind of x/group message the driver sends.
    expect([...ran.keys()].sort()).toEqual(
      [
        '/cosmos.group.v1.MsgCreateGroup',
        '/cosmos.group.v1.MsgCreateGroupPolicy',
        '/cosmos.group.v1.MsgCreateGroupWithPolicy',
        '/cosmos.group.v1.MsgUpdateGroupMetadata',
        '/cosmos.group.v1.MsgExec',
        '/cosmos.group.v1.MsgLeaveGroup',
        '/cosmos.group.v1.MsgSubmitProposal',
        '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy',
        '/cosmos.group.v1.MsgVote',
        '/cosmos.group.v1.MsgWithdrawProposal',
      ].sort(),
    );
    expect(heights).toBeGreaterThan(40); // blocks with a transaction or an end-blocker change
    expect(differences.join('\n')).toBe('');
  });

  for (let start = 1; start <= STARTS; start += 1) {
    it(
      `archives it from genesis with no trust option, proves every record and set, and agrees with the node (start ${start} of ${STARTS})`,
      async () => {
        const polity = await startPolity(chain!, 'genesis');
        try {
          const status = await provenThrough(polity);
          expect(status.completeness.tallies.differing).toBe('0');
          await checkAgainstNode(polity);
          if (start === 1) await checkEveryBundle(polity);
        } finally {
          await stopPolity(polity);
        }
      },
      15 * 60_000,
    );
  }

  it(
    'archives it begun late (--archive-from latest): the past filled in behind it, the same records',
    async () => {
      const polity = await startPolity(chain!, 'latest');
      try {
        await provenThrough(polity);
        await checkAgainstNode(polity);
      } finally {
        await stopPolity(polity);
      }
    },
    15 * 60_000,
  );
});
