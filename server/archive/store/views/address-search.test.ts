import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { handleArchive } from '../../api/archive-http.ts';
import type { ArchiveSource } from '../../api/archive-source.ts';
import { startingState } from '../../follower/lane/follower-state.ts';
import { ArchiveStore } from '../archive-store.ts';
import { prefixEnd } from './address-search.ts';

// addresses?prefix=: voters, members, proposers and policies found by the beginning of their
// address, through byte-ordered indexes, with a 400 that says what is wrong for anything else.

const VOTER = 'cosmos1qy3voter0000000000000000000000000';
const MEMBER = 'cosmos1qy3member000000000000000000000000';
const BOTH = 'cosmos1qy3zboth0000000000000000000000000';
const POLICY = 'cosmos1qy3policy00000000000000000000000000000000000000000000';
const OTHER = 'cosmos1zzzother0000000000000000000000000';

type Found = { addresses: { address: string; roles: string[]; policy: { group_id: string; name: string } | null }[] };

describe('the archive finds addresses by prefix', () => {
  let store: ArchiveStore;
  let source: ArchiveSource;
  const get = async (query: string) => {
    const answer = await handleArchive(source, 'GET', 'addresses', query);
    return { status: answer.status, json: JSON.parse(answer.body) as unknown };
  };

  beforeAll(async () => {
    store = await ArchiveStore.open(':memory:');
    source = { store, follower: { state: startingState() }, source: { rest: '', rpc: '' } };
    const t = '2026-11-01T00:00:00Z';
    const votes = [VOTER, BOTH, OTHER].flatMap((voter, index) =>
      ['1', '2'].map((proposal) => [proposal, voter, 'VOTE_OPTION_YES', '', t, t, String(10 + index)]),
    );
    for (const row of votes)
      await store.db.query(
        `INSERT INTO votes (proposal_id, voter, option, metadata, submit_time, submit_at, height)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        row,
      );
    for (const address of [MEMBER, BOTH])
      await store.db.query(
        `INSERT INTO group_members (group_id, address, weight, weight_value, metadata, added_at)
         VALUES ('7', $1, '1', '1', '', $2)`,
        [address, t],
      );
    await store.db.query(`INSERT INTO proposal_proposers (proposal_id, proposer) VALUES ('1', $1)`, [BOTH]);
    await store.db.query(
      `INSERT INTO policies (address, group_id, admin, metadata, name, version, decision_policy, created_at, updated_height)
       VALUES ($1, '7', $2, '', 'Core treasury', '1', '{}', $3, '5')`,
      [POLICY, MEMBER, t],
    );
  }, 60_000);
  afterAll(() => store.close());

  it('lists each address once, in order, with every role the archive knows it in', async () => {
    const answer = await get('prefix=cosmos1qy3');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      addresses: [
        { address: MEMBER, roles: ['member'], policy: null },
        { address: POLICY, roles: ['policy'], policy: { group_id: '7', name: 'Core treasury' } },
        { address: VOTER, roles: ['voter'], policy: null },
        { address: BOTH, roles: ['voter', 'member', 'proposer'], policy: null },
      ],
      more: false,
    });
    // Any case in, the stored lowercase out; a longer prefix narrows.
    const narrow = (await get('prefix=COSMOS1QY3Z')).json as Found;
    expect(narrow.addresses.map((entry) => entry.address)).toEqual([BOTH]);
  });

  it('stops at the limit and says there are more', async () => {
    const answer = (await get('prefix=cosmos1qy3&limit=2')).json as Found & { more: boolean };
    expect(answer.addresses.map((entry) => entry.address)).toEqual([MEMBER, POLICY]);
    expect(answer.more).toBe(true);
  });

  it('refuses what is not the beginning of an address with a 400 that says why', async () => {
    const refused = async (query: string, message: RegExp) => {
      const answer = await get(query);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ code: 3, message: expect.stringMatching(message) });
    };
    await refused('', /prefix is required/);
    await refused('prefix=cosmos1qy', /at least 3 characters after the "1"/);
    await refused('prefix=cosmos1qy3%25', /beginning of a bech32 address/);
    await refused('prefix=cosmos1qyb', /beginning of a bech32 address/);
    await refused(`prefix=cosmos1${'q'.repeat(90)}`, /longer than an address/);
    await refused('prefix=cosmos1qy3&limit=101', /limit must be between 1 and 100/);
  });

  it('reads each table through its byte-ordered index', async () => {
    expect(prefixEnd('cosmos1qy3')).toBe('cosmos1qy4');
    await store.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      for (const [table, column, index] of [
        ['votes', 'voter', 'votes_voter_prefix'],
        ['group_members', 'address', 'group_members_address_prefix'],
        ['proposal_proposers', 'proposer', 'proposal_proposers_prefix'],
        ['policies', 'address', 'policies_address_prefix'],
      ]) {
        const plan = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT ${column} FROM ${table} WHERE ${column} ~>=~ $1 AND ${column} ~<~ $2 ORDER BY ${column} USING ~<~ LIMIT 5`,
          ['cosmos1qy3', 'cosmos1qy4'],
        );
        expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(index);
      }
    });
  });
});
