import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, updateMembersMsg, voteMsg } from '../../../node/sim/activity/tx-messages.ts';
import {
  archiveDump,
  archivedUpTo,
  DATABASE_KINDS,
  followNode,
  type TestArchive,
} from '../../../test/archive-harness.ts';
import { G, startHarness, type Harness } from '../../../test/harness.ts';
import { handleArchive } from '../../api/archive-http.ts';

// A proposal tallied at its voting end, and its group's membership changed in the next block:
// read in one batch, the tally's weights (each vote's, and the group's total in proposal_tallies)
// must still be those of the tally's height, as they are for an archive that read each block
// in a batch of its own.

describe.each(DATABASE_KINDS)('a membership change after a tally in the same batch, on $kind', (kind) => {
  let h: Harness;
  let stepwise: TestArchive;
  let batched: TestArchive;
  let proposalId = '';
  let talliedAt = 0n;
  const cleanups: (() => Promise<void>)[] = [];
  const voters = { changed: '', unchanged: '' };

  async function archive(): Promise<TestArchive> {
    const database = await kind.create();
    cleanups.push(database.drop);
    const made = await followNode(h.base, database.database);
    cleanups.push(() => made.close());
    return made;
  }

  /** One block, read by the step-by-step archive before the next is made. */
  async function step(): Promise<void> {
    h.node.advance(1, 3000);
    await archivedUpTo(stepwise, h.node.height);
  }

  const statusAt = async (height?: bigint) => {
    const headers = height === undefined ? undefined : { 'x-cosmos-block-height': String(height) };
    const answer = await h.get(`${G}/proposal/${proposalId}`, { headers });
    return (answer.json as { proposal?: { status: string } }).proposal?.status;
  };

  beforeAll(async () => {
    h = await startHarness({ seed: 'tally-then-change', livePeriodS: 30, keepRecent: 3000 });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    stepwise = await archive();
    batched = await archive();
    const { carol } = h.node.cast.people;
    const community = h.node.cast.groups.community;
    [voters.changed, voters.unchanged] = h.node.cast.communityMembers.slice(-2);
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.communityQuick,
        proposers: [carol],
        title: 'Tallied, then the group changes',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    await step();
    proposalId = String(h.node.group.store.proposalSeq);
    h.node.inject(voteMsg(BigInt(proposalId), voters.changed, 'VOTE_OPTION_NO'));
    h.node.inject(voteMsg(BigInt(proposalId), voters.unchanged, 'VOTE_OPTION_NO'));
    await step();
    await archivedUpTo(batched, h.node.height);
    // From here the batched archive reads nothing until the tally and the change after it are made.
    await batched.stopFollowing();
    while ((await statusAt()) === 'PROPOSAL_STATUS_SUBMITTED') await step();
    talliedAt = h.node.height;
    h.node.inject(updateMembersMsg(carol, community, [{ address: voters.changed, weight: '7.25' }]));
    await step();
    await step();
    batched = await followNode(h.base, '', batched.db);
    cleanups.push(() => batched.close());
    await archivedUpTo(batched, h.node.height);
    await batched.stopFollowing();
    await stepwise.stopFollowing();
  }, 240_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('weighs the votes as the tally did, before the change', async () => {
    expect(await statusAt(talliedAt - 1n)).toBe('PROPOSAL_STATUS_SUBMITTED');
    expect(await statusAt(talliedAt)).toMatch(/ACCEPTED|REJECTED/);
    for (const archive of [stepwise, batched]) {
      const answer = await handleArchive(archive, 'GET', `proposals/${proposalId}/votes`, '');
      const votes = JSON.parse(answer.body) as { votes: { voter: string; weight: string }[] };
      const weightOf = (voter: string) => votes.votes.find((vote) => vote.voter === voter)?.weight;
      expect(weightOf(voters.changed)).toBe('1');
      expect(weightOf(voters.unchanged)).toBe('1');
    }
  });

  it('draws the tally against the group as it stood at the tally', async () => {
    const groupThen = (
      await h.get(`${G}/group_info/${h.node.cast.groups.community}`, {
        headers: { 'x-cosmos-block-height': String(talliedAt) },
      })
    ).json as { info: { total_weight: string } };
    for (const archive of [stepwise, batched]) {
      const rows = await archive.db.query<{ total_weight: string }>(
        'SELECT total_weight FROM proposal_tallies WHERE proposal_id = $1',
        [proposalId],
      );
      expect(rows).toEqual([{ total_weight: groupThen.info.total_weight }]);
    }
  });

  it('ends equal, row for row (tally weights included), to the archive that read block by block', async () => {
    expect(await archiveDump(batched)).toBe(await archiveDump(stepwise));
  });
});
