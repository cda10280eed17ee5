import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { G, keyHex, startHarness, type Harness } from '../../test/harness.ts';
import { decodeAccAddress } from '../lib/bech32-sdk.ts';

interface Page {
  pagination: { next_key: string | null; total: string };
  [field: string]: unknown;
}

let h: Harness;
let sdk: Harness;
beforeAll(async () => {
  h = await startHarness();
  sdk = await startHarness({ mode: 'sdk' });
});
afterAll(async () => {
  await h.close();
  await sdk.close();
});

const page = async (hh: Harness, path: string, params: Record<string, string> = {}) => {
  const qs = new URLSearchParams(params).toString();
  const r = await hh.get(qs ? `${path}?${qs}` : path);
  expect(r.status, r.text).toBe(200);
  return r.json as Page;
};

/** Follows next_key to the end, returning the rows of `field`. */
async function walk(hh: Harness, path: string, field: string, limit: number, extra: Record<string, string> = {}) {
  const rows: unknown[] = [];
  let key: string | null = null;
  for (let i = 0; i < 10_000; i++) {
    const params: Record<string, string> = { 'pagination.limit': String(limit), ...extra };
    if (key) params['pagination.key'] = key;
    const p = await page(hh, path, params);
    rows.push(...(p[field] as unknown[]));
    if (key) expect(p.pagination.total).toBe('0');
    key = p.pagination.next_key;
    if (key === null) return rows;
  }
  throw new Error('pagination never ended');
}

const addrHex = (a: string) => (decodeAccAddress(a) as Buffer).toString('hex');

describe('pagination as the group ORM does it', () => {
  const lists = () => {
    const c = h.node.cast;
    return [
      [`${G}/groups`, 'groups'],
      [`${G}/groups_by_admin/${c.people.carol}`, 'groups'],
      [`${G}/groups_by_member/${c.people.vera}`, 'groups'],
      [`${G}/group_members/${c.groups.community}`, 'members'],
      [`${G}/group_policies_by_group/${c.groups.core}`, 'group_policies'],
      [`${G}/group_policies_by_admin/${c.people.alice}`, 'group_policies'],
      [`${G}/proposals_by_group_policy/${c.policies.coreTreasury}`, 'proposals'],
      [`${G}/votes_by_proposal/${c.proposals.community}`, 'votes'],
      [`${G}/votes_by_voter/${c.people.vera}`, 'votes'],
    ] as const;
  };

  it('default limit is 100 with the total forced', async () => {
    const p = await page(h, `${G}/group_members/${h.node.cast.groups.community}`);
    expect(p.members as unknown[]).toHaveLength(100);
    expect(p.pagination.total).toBe('2502');
    expect(p.pagination.next_key).not.toBeNull();
  });

  it('a key round-trip through every list returns every row once, in order', async () => {
    for (const [path, field] of lists()) {
      const all = (await page(h, path, { 'pagination.limit': '100000' }))[field] as unknown[];
      expect(all.length, path).toBeGreaterThan(0);
      const walked = await walk(h, path, field, 3);
      expect(walked, path).toEqual(all);
    }
  });

  it('offset skips rows and total counts them all', async () => {
    const path = `${G}/votes_by_proposal/${h.node.cast.proposals.community}`;
    const all = (await page(h, path, { 'pagination.limit': '100000' })).votes as unknown[];
    const p = await page(h, path, {
      'pagination.offset': '10',
      'pagination.limit': '5',
      'pagination.count_total': 'true',
    });
    expect(p.votes).toEqual(all.slice(10, 15));
    expect(p.pagination.total).toBe(String(all.length));
    const noTotal = await page(h, path, { 'pagination.offset': '10', 'pagination.limit': '5' });
    expect(noTotal.pagination.total).toBe('0');
    const past = await page(h, path, {
      'pagination.offset': '1000000',
      'pagination.limit': '5',
      'pagination.count_total': 'true',
    });
    expect(past).toMatchObject({ votes: [], pagination: { next_key: null, total: String(all.length) } });
  });

  it('count_total is ignored when a key is given', async () => {
    const first = await page(h, `${G}/groups`, { 'pagination.limit': '2' });
    const second = await page(h, `${G}/groups`, {
      'pagination.limit': '2',
      'pagination.key': first.pagination.next_key!,
      'pagination.count_total': 'true',
    });
    expect(second.pagination.total).toBe('0');
  });

  it('next_key is the row key in the SDK layout', async () => {
    const groups = await page(h, `${G}/groups`, { 'pagination.limit': '1' });
    expect(groups.pagination.next_key).toBe('AAAAAAAAAAI=');
    const path = `${G}/group_policies_by_group/${h.node.cast.groups.core}`;
    const policies = (await page(h, path)).group_policies as { address: string }[];
    const first = await page(h, path, { 'pagination.limit': '1' });
    expect(keyHex(first.pagination.next_key!)).toBe('20' + addrHex(policies[1].address));
    // The reference's vector: the policy of sequence 1 has this row key in the policy lists.
    const seq1 = policies.find(
      (p) => p.address === 'cosmos1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsfwkgpd',
    );
    expect(Buffer.from('20' + addrHex(seq1!.address), 'hex').toString('base64')).toBe(
      'IOpsUQ1XmqUO41G9b709nyijmnNFRNok+wUuAIzFgnSF',
    );
    const members = await page(h, `${G}/group_members/${h.node.cast.groups.core}`, { 'pagination.limit': '1' });
    const second = (
      await page(h, `${G}/group_members/${h.node.cast.groups.core}`, {
        'pagination.offset': '1',
        'pagination.limit': '1',
      })
    ).members as { member: { address: string } }[];
    expect(keyHex(members.pagination.next_key!)).toBe(
      h.node.cast.groups.core.toString(16).padStart(16, '0') + addrHex(second[0].member.address),
    );
    const votes = await page(h, `${G}/votes_by_voter/${h.node.cast.people.vera}`, { 'pagination.limit': '1' });
    expect(keyHex(votes.pagination.next_key!)).toMatch(new RegExp(`^[0-9a-f]{16}${addrHex(h.node.cast.people.vera)}$`));
  });

  it('rows come in the SDK order: members and votes by address bytes, policies by address bytes', async () => {
    const members = (await page(h, `${G}/group_members/${h.node.cast.groups.community}`, { 'pagination.limit': '500' }))
      .members as { member: { address: string } }[];
    const hex = members.map((m) => addrHex(m.member.address));
    expect(hex).toEqual([...hex].sort());
    const policies = (await page(h, `${G}/group_policies_by_group/${h.node.cast.groups.core}`)).group_policies as {
      address: string;
    }[];
    const ph = policies.map((p) => addrHex(p.address));
    expect(ph).toEqual([...ph].sort());
  });

  it('reverse returns descending order, following keys backwards', async () => {
    const path = `${G}/group_members/${h.node.cast.groups.community}`;
    const asc = await walk(h, path, 'members', 500);
    const desc = await walk(h, path, 'members', 7, { 'pagination.reverse': 'true' });
    expect(desc).toEqual([...asc].reverse());
    const off = await page(h, path, {
      'pagination.reverse': 'true',
      'pagination.offset': '2',
      'pagination.limit': '2',
    });
    expect(off.members).toEqual([...asc].reverse().slice(2, 4));
  });

  it('/groups honours pagination.key in extended mode', async () => {
    const walked = (await walk(h, `${G}/groups`, 'groups', 3)) as { id: string }[];
    expect(walked.map((g) => g.id)).toEqual(Array.from({ length: 39 }, (_, i) => String(i + 1)));
  });

  describe('--compat sdk', () => {
    it('ignores reverse', async () => {
      const path = `${G}/groups`;
      const fwd = await page(sdk, path, { 'pagination.limit': '3' });
      const rev = await page(sdk, path, { 'pagination.limit': '3', 'pagination.reverse': 'true' });
      expect(rev).toEqual(fwd);
    });

    it('/groups returns the first page again for a key, with total 0', async () => {
      const first = await page(sdk, `${G}/groups`, { 'pagination.limit': '2' });
      const again = await page(sdk, `${G}/groups`, {
        'pagination.limit': '2',
        'pagination.key': first.pagination.next_key!,
      });
      expect(again.groups).toEqual(first.groups);
      expect(again.pagination).toEqual({ next_key: first.pagination.next_key, total: '0' });
    });

    it('offset paging still works on /groups', async () => {
      const p = await page(sdk, `${G}/groups`, { 'pagination.limit': '2', 'pagination.offset': '2' });
      expect((p.groups as { id: string }[]).map((g) => g.id)).toEqual(['3', '4']);
    });

    it('other lists still follow keys', async () => {
      const path = `${G}/votes_by_proposal/${sdk.node.cast.proposals.community}`;
      const all = (await page(sdk, path, { 'pagination.limit': '100000' })).votes;
      expect(await walk(sdk, path, 'votes', 250)).toEqual(all);
    });
  });

  it('an empty list answers with an empty page, not an error', async () => {
    const p = await page(h, `${G}/votes_by_voter/${h.node.cast.people.treasury}`);
    expect(p).toEqual({ votes: [], pagination: { next_key: null, total: '0' } });
    expect(await page(h, `${G}/group_members/424242`)).toEqual({
      members: [],
      pagination: { next_key: null, total: '0' },
    });
  });
});
