import { MsgSubmitProposal, MsgVote } from 'cosmjs-types/cosmos/group/v1/tx';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, voteMsg } from '../../../node/sim/activity/tx-messages.ts';
import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { decodeBlock } from './decode-block.ts';

// A vote's, a submission's and an execution's transaction, named as CometBFT names it: the node's
// own tx_search answer is the reference, for a real v0.50.13 transaction and for the embedded
// chain's, through the archive's API.

const A = '/polity/archive/v1';

/** A MsgVote as a v0.50.13 simd served it at height 29, and the hash its tx_search gave it. */
const SIMD_VOTE_TX =
  'ClEKTwoYL2Nvc21vcy5ncm91cC52MS5Nc2dWb3RlEjMIAhItY29zbW9zMTl5eXk5OHU1dmprN3U3ejJxcnk2bm1wZzY2ajl5NTdrN2VrN3drGAESWQpQCkYKHy9jb3Ntb3MuY3J5cHRvLnNlY3AyNTZrMS5QdWJLZXkSIwohAhVOI8HNn/qjdsfOzHq0xcPAEIpsm7PXmncghcucdcDUEgQKAggBGAcSBRDAjbcBGkBFauaUaOyosVOGoteekRU+GPN2yq6o45RmG9ELAsts7iINzsIaawmMcRPXMPadC4xUBQPjiFQPDam+pOFIRKmo';
const SIMD_VOTE_HASH = 'BDD2CBF5376B4E9A829B75C6479A8DC042BE21CD4E7CA81DD7422F4CDC6853F1';

describe('a transaction decoded from a block', () => {
  it('is named by the hash a v0.50.13 node gives it in tx_search', () => {
    const facts = decodeBlock({
      height: 29n,
      hash: '',
      lastBlockHash: '',
      time: '2025-06-01T10:00:00.000000000Z',
      txs: [Buffer.from(SIMD_VOTE_TX, 'base64')],
      results: [
        {
          code: 0,
          events: [{ type: 'cosmos.group.v1.EventVote', attributes: [{ key: 'proposal_id', value: '"2"' }] }],
        },
      ],
      finalizeEvents: [],
    });
    expect(facts.votes).toEqual([
      expect.objectContaining({ proposalId: '2', voter: 'cosmos19yyy98u5vjk7u7z2qry6nmpg66j9y57k7ek7wk' }),
    ]);
    expect(facts.votes[0].txHash).toBe(SIMD_VOTE_HASH);
  });
});

interface NodeTx {
  hash: string;
  height: string;
  tx: string;
  tx_result: { events: { type: string; attributes: { key: string; value: string }[] }[] };
}
interface ArchivedVote {
  voter: string;
  observed_height: string;
  tx_hash: string | null;
}
interface TimelineEntry {
  kind: string;
  height: string;
  tx_hash: string | null;
}

/** The signers of the votes a transaction cast: a MsgVote's voter, or the proposers of an EXEC_TRY submission. */
function votersIn(tx: NodeTx): string[] {
  const body = TxBody.decode(TxRaw.decode(Buffer.from(tx.tx, 'base64')).bodyBytes);
  return body.messages.flatMap((message) => {
    if (message.typeUrl === '/cosmos.group.v1.MsgVote') return [MsgVote.decode(message.value).voter];
    if (message.typeUrl === '/cosmos.group.v1.MsgSubmitProposal')
      return MsgSubmitProposal.decode(message.value).proposers;
    return [];
  });
}

describe.each(DATABASE_KINDS)('transaction hashes on $kind', (kind) => {
  let h: Harness;
  let archive: TestArchive;
  let late: TestArchive;
  let lateFrom = 0n;
  let tried = '';
  const drops: (() => Promise<void>)[] = [];

  async function live(blocks: number): Promise<void> {
    for (let done = 0; done < blocks; done += 10) {
      h.node.advance(Math.min(10, blocks - done), 3000);
      await archivedUpTo(archive, h.node.height);
    }
  }

  /** What the node's own tx_search answers (every page), over JSON-RPC as an indexer asks it. */
  async function nodeTxs(query: string): Promise<NodeTx[]> {
    const found: NodeTx[] = [];
    for (let page = 1; ; page++) {
      const answer = await fetch(`${h.base}/rpc`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tx_search', params: { query, page: String(page) } }),
      });
      const { result } = (await answer.json()) as { result: { txs: NodeTx[]; total_count: string } };
      found.push(...result.txs);
      if (result.txs.length === 0 || found.length >= Number(result.total_count)) return found;
    }
  }

  /** What the archive's API answers (the harness serves the first archive's). */
  const archived = async <T>(path: string) => {
    const answer = await fetch(`${h.base}${A}/${path}`);
    expect(answer.status, path).toBe(200);
    return (await answer.json()) as T;
  };

  beforeAll(async () => {
    h = await startHarness({ seed: 'archive-tx-hashes', livePeriodS: 30, keepRecent: 3000, archive: () => archive });
    h.node.advance(1, 3000);
    const main = await kind.create();
    drops.push(main.drop);
    archive = await followNode(h.base, main.database);
    await archivedUpTo(archive, h.node.height);
    await live(40);
    // A vote that executes its proposal at once (EXEC_TRY): the vote and the execution share a transaction.
    const { alice, bob } = h.node.cast.people;
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.coreQuick,
        proposers: [alice],
        title: 'Executed by a vote',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    await live(1);
    const { proposals } = (
      await h.get(`/cosmos/group/v1/proposals_by_group_policy/${h.node.cast.policies.coreQuick}?pagination.limit=10000`)
    ).json as { proposals: { id: string; title: string }[] };
    tried = proposals.find((proposal) => proposal.title === 'Executed by a vote')!.id;
    h.node.inject(voteMsg(BigInt(tried), bob, 'VOTE_OPTION_YES', '', true));
    await live(61);
    // An archive begun later, at a block that casts votes: those it finds stored came from that block.
    const voted = await nodeTxs(`message.action='/cosmos.group.v1.MsgVote' AND tx.height>${h.node.height - 40n}`);
    lateFrom = BigInt(voted[0].height);
    const other = await kind.create();
    drops.push(other.drop);
    late = await followNode(h.base, other.database, undefined, { from: lateFrom });
    await archivedUpTo(late, h.node.height, 120_000);
  }, 240_000);

  afterAll(async () => {
    await late?.close();
    await archive?.close();
    await h?.close();
    for (const drop of drops) await drop();
  });

  it('names each vote by the transaction that cast it, as the node names it', async () => {
    const rows = await archive.db.query<{ id: string }>(
      'SELECT DISTINCT proposal_id::text AS id FROM votes WHERE tx_hash IS NOT NULL ORDER BY 1',
    );
    expect(rows.length).toBeGreaterThan(3);
    let compared = 0;
    for (const { id } of rows) {
      const byVoter = new Map<string, string>();
      for (const tx of await nodeTxs(`cosmos.group.v1.EventVote.proposal_id='"${id}"'`))
        for (const voter of votersIn(tx)) byVoter.set(voter, tx.hash);
      const { votes } = await archived<{ votes: ArchivedVote[] }>(`proposals/${id}/votes?pagination.limit=1000`);
      for (const vote of votes) {
        // Votes stored before the archive's first block are found in state, not read from a transaction.
        if (vote.tx_hash === null) expect(byVoter.has(vote.voter), `${id} ${vote.voter}`).toBe(false);
        else {
          expect(vote.tx_hash, `${id} ${vote.voter}`).toBe(byVoter.get(vote.voter));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
    // A voter's record says the same.
    const { voter, tx_hash } = (
      await archive.db.query<{ voter: string; tx_hash: string }>(
        'SELECT voter, tx_hash FROM votes WHERE tx_hash IS NOT NULL ORDER BY proposal_id DESC LIMIT 1',
      )
    )[0];
    const record = await archived<{ votes: ArchivedVote[] }>(`voters/${voter}/votes?pagination.limit=1`);
    expect(record.votes[0].tx_hash).toBe(tx_hash);
  });

  it('names the transactions that submitted and executed a proposal in its timeline', async () => {
    // Executed by the vote with EXEC_TRY, by MsgExec, and the latest executions whatever ran them.
    const [byExec] = (await nodeTxs("message.action='/cosmos.group.v1.MsgExec'")).flatMap((tx) =>
      tx.tx_result.events.filter((event) => event.type === 'cosmos.group.v1.EventExec'),
    );
    const ids = new Set<string>([
      tried,
      JSON.parse(byExec.attributes.find((entry) => entry.key === 'proposal_id')!.value) as string,
    ]);
    for (const row of await archive.db.query<{ id: string }>(
      `SELECT proposal_id::text AS id FROM proposal_timeline WHERE kind = 'executed' ORDER BY height DESC LIMIT 5`,
    ))
      ids.add(row.id);
    for (const id of ids) {
      const { timeline } = await archived<{ timeline: TimelineEntry[] }>(`proposals/${id}`);
      const [submitted] = await nodeTxs(`cosmos.group.v1.EventSubmitProposal.proposal_id='"${id}"'`);
      const [executed] = await nodeTxs(`cosmos.group.v1.EventExec.proposal_id='"${id}"'`);
      const entry = (kind: string) => timeline.find((event) => event.kind === kind);
      // One submitted before the archive's first block is first seen in state instead.
      if (submitted && !entry('first_seen'))
        expect(entry('submitted')?.tx_hash, `${id} submitted`).toBe(submitted.hash);
      expect(entry('executed')?.tx_hash, `${id} executed`).toBe(executed.hash);
      for (const event of timeline)
        if (event.kind !== 'submitted' && event.kind !== 'executed') expect(event.tx_hash, event.kind).toBeNull();
    }
    // The vote with EXEC_TRY executed its proposal: one transaction for both.
    const { votes } = await archived<{ votes: ArchivedVote[] }>(`proposals/${tried}/votes`);
    const { timeline } = await archived<{ timeline: TimelineEntry[] }>(`proposals/${tried}`);
    expect(votes).toHaveLength(1);
    expect(timeline.find((event) => event.kind === 'executed')?.tx_hash).toBe(votes[0].tx_hash);
    expect(ids.size).toBeGreaterThan(2);
  });

  it('an archive begun at a height names the votes cast in that block, and none of those stored before', async () => {
    const rows = async (source: TestArchive) =>
      source.db.query<{ key: string; tx_hash: string | null }>(
        `SELECT proposal_id::text || '/' || voter AS key, tx_hash FROM votes WHERE height = $1::numeric ORDER BY 1`,
        [String(lateFrom)],
      );
    const atStart = await rows(late);
    const inBlock = new Map((await rows(archive)).map((row) => [row.key, row.tx_hash]));
    const cast = atStart.filter((row) => inBlock.has(row.key));
    expect(cast.length).toBeGreaterThan(0);
    for (const row of cast) expect(row.tx_hash, row.key).toBe(inBlock.get(row.key));
    const before = atStart.filter((row) => !inBlock.has(row.key));
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((row) => row.tx_hash === null)).toBe(true);
  });
});
