import { EmbeddedReplay, type RealBlock } from './embedded-replay.ts';
import type { RealChain } from './real-chain-kit.ts';

// The differential test's two halves: the real chain's blocks read over its RPC, and the REST
// queries asked of both nodes at a height. Where the answers differ the real chain is right.

interface RpcBlock {
  result: { block: { header: { time: string }; data: { txs: string[] | null } } };
}
interface RpcResults {
  result: { txs_results: { code: number; codespace?: string }[] | null };
}

const rpcJson = async <T>(url: string): Promise<T> => {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return (await answer.json()) as T;
};

export async function readBlock(chain: RealChain, height: bigint): Promise<RealBlock> {
  const [block, results] = await Promise.all([
    rpcJson<RpcBlock>(`${chain.rpc}/block?height=${height}`),
    rpcJson<RpcResults>(`${chain.rpc}/block_results?height=${height}`),
  ]);
  return {
    height,
    time: Date.parse(block.result.block.header.time),
    txs: (block.result.block.data.txs ?? []).map((tx) => Buffer.from(tx, 'base64')),
    results: (results.result.txs_results ?? []).map((result) => ({
      code: result.code,
      codespace: result.codespace ?? '',
    })),
  };
}

/**
 * The simulated chain keeps milliseconds (and derives the digits below them); a real one keeps
 * nanoseconds. Times are compared to the millisecond: every RFC 3339 instant is cut there.
 */
export const toMilliseconds = (body: string) =>
  body.replace(/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z/g, (_, seconds: string, fraction?: string) => {
    const millis = (fraction ?? '.').slice(1).padEnd(3, '0').slice(0, 3);
    return `${seconds}.${millis}Z`;
  });

/** The REST queries asked at each compared height: every group, policy, proposal and person of the history. */
export function queriesOf(chain: RealChain, people: string[], proposals: bigint, groups: bigint): string[] {
  const policies = Object.values(chain.history.groups).map((group) => group.policy);
  const admins = [...new Set(Object.values(chain.history.groups).map((group) => group.admin))];
  const range = (last: bigint) => Array.from({ length: Number(last) + 1 }, (_, index) => BigInt(index + 1));
  const group = '/cosmos/group/v1';
  return [
    `${group}/groups`,
    `${group}/groups?pagination.limit=2&pagination.count_total=true`,
    ...range(groups).flatMap((id) => [
      `${group}/group_info/${id}`,
      `${group}/group_members/${id}`,
      `${group}/group_members/${id}?pagination.limit=5&pagination.count_total=true`,
      `${group}/group_members/${id}?pagination.offset=3&pagination.limit=4`,
      `${group}/group_policies_by_group/${id}`,
    ]),
    ...admins.flatMap((admin) => [`${group}/groups_by_admin/${admin}`, `${group}/group_policies_by_admin/${admin}`]),
    ...people.flatMap((person) => [`${group}/groups_by_member/${person}`, `${group}/votes_by_voter/${person}`]),
    ...policies.flatMap((policy) => [
      `${group}/group_policy_info/${policy}`,
      `${group}/proposals_by_group_policy/${policy}`,
      `${group}/proposals_by_group_policy/${policy}?pagination.limit=1&pagination.count_total=true`,
      `/cosmos/bank/v1beta1/balances/${policy}`,
    ]),
    ...range(proposals).flatMap((id) => [
      `${group}/proposal/${id}`,
      `${group}/proposals/${id}/tally`,
      `${group}/votes_by_proposal/${id}`,
      `${group}/votes_by_proposal/${id}?pagination.limit=7&pagination.count_total=true`,
      ...people.slice(0, 3).map((person) => `${group}/vote_by_proposal_voter/${id}/${person}`),
    ]),
  ];
}

/** Asks both nodes every query at the replayed height; the answers that differ, as readable lines. */
export async function differingAnswers(chain: RealChain, replay: EmbeddedReplay, queries: string[]): Promise<string[]> {
  const lines: string[] = [];
  const height = String(replay.latestHeight);
  for (const query of queries) {
    const real = await fetch(`${chain.rest}${query}`, { headers: { 'x-cosmos-block-height': height } });
    const chainAnswer = `${real.status} ${toMilliseconds(await real.text())}`;
    const embedded = await replay.answer(query);
    const embeddedAnswer = `${embedded.status} ${toMilliseconds(embedded.body)}`;
    if (chainAnswer !== embeddedAnswer)
      lines.push(`at ${height} ${query}\n  chain:    ${chainAnswer}\n  embedded: ${embeddedAnswer}`);
  }
  return lines;
}

/** The heights the two nodes are compared at: each with a transaction or an end-blocker change, and the last. */
export async function compareEmbedded(
  chain: RealChain,
): Promise<{ differences: string[]; heights: number; ran: Map<string, number> }> {
  const tip = BigInt(chain.history.height_at_end);
  const blocks = [];
  for (let height = 1n; height <= tip; height += 1n) blocks.push(await readBlock(chain, height));
  // A first pass finds who to ask about: the admins and the big group's first members.
  const dryRun = new EmbeddedReplay();
  blocks.forEach((block) => dryRun.apply(block));
  const members = JSON.parse((await dryRun.answer('/cosmos/group/v1/group_members/2?pagination.limit=4')).body) as {
    members: { member: { address: string } }[];
  };
  const people = [...new Set(members.members.map(({ member }) => member.address))];
  const replay = new EmbeddedReplay();
  const fingerprint = async () =>
    (
      await Promise.all(
        Object.values(chain.history.groups).map(
          async ({ policy }) => (await replay.answer(`/cosmos/group/v1/proposals_by_group_policy/${policy}`)).body,
        ),
      )
    ).join();
  const differences: string[] = [];
  let compared = 0;
  for (const block of blocks) {
    const before = await fingerprint();
    replay.apply(block);
    const changed = block.txs.length > 0 || (await fingerprint()) !== before;
    if (!changed && block.height !== tip) continue;
    compared += 1;
    const groupSeq = replay.group.store.groupSeq;
    const proposalSeq = replay.group.store.proposalSeq;
    differences.push(...(await differingAnswers(chain, replay, queriesOf(chain, people, proposalSeq, groupSeq))));
    if (differences.length > 20) break;
  }
  for (const outcome of replay.differences)
    differences.push(
      `block ${outcome.height} tx ${outcome.index} ${outcome.typeUrl}: chain ${outcome.chain}, embedded ${outcome.embedded}`,
    );
  return { differences, heights: compared, ran: replay.ran };
}
