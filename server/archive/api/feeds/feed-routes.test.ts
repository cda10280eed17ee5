import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, withdrawMsg } from '../../../node/sim/activity/tx-messages.ts';
import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import {
  assertWellFormed,
  elementTexts,
  entryListed,
  httpGet,
  idParts,
  newest,
  parseFeed,
  timelineListed,
  type TimelineEvent,
} from '../../../test/feed-kit.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { readVoterEvents } from '../../store/views/feed-reads.ts';

// The archive's Atom feeds, read as a feed reader reads them, against an archive that followed
// the embedded chain: each lists exactly the newest events of its filter, with ids that never
// change, 304 for a reader that has them, 400 for a filter that is wrong, well-formed XML
// whatever was written on chain.

const A = '/polity/archive/v1';
const F = '/polity/feeds/v1';
const HOSTILE = 'Hostile <b>&amp;</b> \u0001\u001f ]]> \u202Eevil\u202C';

describe.each(DATABASE_KINDS)('feeds on $kind', (kind) => {
  let h: Harness;
  let archive: TestArchive;
  let drop: () => Promise<void> = async () => undefined;
  let hostileId = '';

  async function live(blocks: number): Promise<void> {
    for (let done = 0; done < blocks; done += 10) {
      h.node.advance(Math.min(10, blocks - done), 3000);
      await archivedUpTo(archive, h.node.height);
    }
  }

  const json = async <T>(path: string) => (await h.get(`${A}${path}`)).json as T;
  const feed = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await httpGet(h.base, `${F}/${path}`, headers);
    expect(answer.status).toBe(200);
    return { answer, parsed: await parseFeed(answer.text) };
  };

  /** Every event of the proposals a list filter keeps, newest first, as the archive's API tells them. */
  async function proposalEvents(filter: string) {
    const list = await json<{ proposals: { id: string }[]; pagination: { next_key: string | null } }>(
      `/proposals?${filter}&pagination.limit=1000`,
    );
    expect(list.pagination.next_key).toBeNull();
    const records = await Promise.all(
      list.proposals.map((proposal) => json<{ timeline: TimelineEvent[] }>(`/proposals/${proposal.id}`)),
    );
    return list.proposals.flatMap((proposal, index) =>
      records[index].timeline.flatMap((event) => timelineListed(proposal.id, event) ?? []),
    );
  }

  beforeAll(async () => {
    h = await startHarness({ seed: 'feeds', livePeriodS: 30, keepRecent: 3000, archive: () => archive });
    h.node.advance(1, 3000);
    const database = await kind.create();
    drop = database.drop;
    archive = await followNode(h.base, database.database);
    await archivedUpTo(archive, h.node.height);
    const { alice } = h.node.cast.people;
    const submit = (title: string) =>
      h.node.inject(
        submitProposalMsg({
          policyAddress: h.node.cast.policies.coreQuick,
          proposers: [alice],
          title,
          summary: `${HOSTILE} in the summary`,
          metadata: '',
          messages: [],
        }),
      );
    /** The id of the proposal submitted with this title (the simulator may submit in the same block). */
    const idOf = (title: string) => [...h.node.group.store.proposals.values()].find((p) => p.title === title)?.id;
    submit(HOSTILE);
    submit('To be withdrawn');
    await live(1);
    hostileId = String(idOf(HOSTILE));
    h.node.inject(withdrawMsg(idOf('To be withdrawn') ?? 0n, alice));
    await live(150);
  }, 300_000);

  afterAll(async () => {
    await archive?.close();
    await h?.close();
    await drop();
  });

  it('lists every event of a filter, newest first, and only the newest 100 of them', async () => {
    const core = String(h.node.cast.groups.core);
    const sandbox = h.node.cast.policies.sandbox;
    const filters = [
      '',
      `group_id=${core}`,
      'status=PROPOSAL_STATUS_WITHDRAWN',
      `group_policy_address=${sandbox}`,
      `group_id=${core}&q=hostile`,
    ];
    for (const filter of filters) {
      const expected = newest(await proposalEvents(filter), 100);
      const { parsed } = await feed(`proposals.atom?${filter}`);
      expect(expected.length, filter).toBeGreaterThan(0);
      expect(parsed.entries.map(entryListed)).toEqual(expected);
      for (const entry of parsed.entries) {
        expect(entry.link).toBe(`${h.base}/proposals/${idParts(entry.id)[1]}`);
        expect(Number.isFinite(entry.updated.getTime())).toBe(true);
      }
    }
    const all = await feed('proposals.atom');
    expect(all.parsed.entries).toHaveLength(100);
    expect(all.parsed.title).toBe('Proposals on polity-feeds');
    expect((await feed(`proposals.atom?group_id=${core}&status=PROPOSAL_STATUS_REJECTED`)).parsed.title).toBe(
      `Proposals on polity-feeds: group ${core}, rejected`,
    );
  });

  it('lists a voter’s votes and what became of what it voted on', async () => {
    const { dave } = h.node.cast.people;
    const votes = await json<{ votes: { proposal_id: string; observed_height: string }[] }>(
      `/voters/${dave}/votes?pagination.limit=1000`,
    );
    expect(votes.votes.length).toBeGreaterThan(0);
    const fates = await Promise.all(
      votes.votes.map(async (vote) => {
        const record = await json<{ timeline: TimelineEvent[] }>(`/proposals/${vote.proposal_id}`);
        return record.timeline
          .filter((event) => event.kind !== 'submitted')
          .flatMap((event) => timelineListed(vote.proposal_id, event) ?? []);
      }),
    );
    const cast = votes.votes.map((vote) => ({
      listed: [vote.proposal_id, 'vote', null] as [string, string, null],
      height: BigInt(vote.observed_height),
      id: BigInt(vote.proposal_id),
      rank: 0,
    }));
    const { parsed } = await feed(`voters/${dave}.atom`);
    expect(parsed.entries.map(entryListed)).toEqual(newest([...cast, ...fates.flat()], 100));
    // With as many votes as the feed lists, only fates above the last of them are looked for: the
    // same entries as reading every fate of every proposal voted on.
    const every = await readVoterEvents(archive.db, dave, 1000);
    expect(every.filter((row) => row.kind !== 'vote').length).toBeGreaterThan(0);
    for (const limit of [1, 2, 3, 5, 8])
      expect(await readVoterEvents(archive.db, dave, limit)).toEqual(every.slice(0, limit));
    const vote = parsed.entries.find((entry) => entry.category === 'vote');
    expect(vote?.link).toBe(`${h.base}/proposals/${idParts(vote?.id ?? '')[1]}/votes/${dave}`);
    expect(vote?.title).toMatch(/^Voted (YES|NO|ABSTAIN|NO WITH VETO) on #\d+: /);
  });

  it('lists every upgrade scheduled, cancelled and applied', async () => {
    type Plan = {
      name: string;
      scheduled_at_height: string | null;
      applied_height: string | null;
      applied_time: string | null;
      cancelled_at_height: string | null;
    };
    const upgrades = await json<{ applied: Plan[]; scheduled: Plan | null; cancelled: Plan[] }>('/upgrades');
    const plans = [...upgrades.applied, ...(upgrades.scheduled ? [upgrades.scheduled] : []), ...upgrades.cancelled];
    const expected = plans.flatMap((plan) => [
      ...(plan.scheduled_at_height ? [`${plan.name} scheduled ${plan.scheduled_at_height}`] : []),
      ...(plan.cancelled_at_height ? [`${plan.name} cancelled ${plan.cancelled_at_height}`] : []),
      ...(plan.applied_height ? [`${plan.name} applied ${plan.applied_height}`] : []),
    ]);
    expect(expected.length).toBeGreaterThan(0);
    const { parsed } = await feed('upgrades.atom');
    expect(parsed.entries.map((entry) => idParts(entry.id).slice(1).join(' ')).sort()).toEqual(expected.sort());
    for (const plan of upgrades.applied.filter((applied) => applied.applied_time)) {
      const entry = parsed.entries.find(
        (listed) => idParts(listed.id).join(' ') === `upgrade ${plan.name} applied ${plan.applied_height}`,
      );
      expect(entry?.updated.getTime()).toBe(Date.parse(plan.applied_time ?? ''));
    }
    expect(parsed.entries.every((entry) => entry.link === `${h.base}/upgrades`)).toBe(true);
  });

  it('keeps each entry’s id whoever asks, through whichever host, and as the chain goes on', async () => {
    const port = new URL(h.base).port;
    const local = await feed('proposals.atom', { Host: `localhost:${port}` });
    const other = await feed('proposals.atom', { Host: `feeds.example.org:${port}` });
    expect(other.parsed.entries.map((entry) => entry.id)).toEqual(local.parsed.entries.map((entry) => entry.id));
    expect(other.parsed.entries[0].link).toMatch(new RegExp(`^http://feeds\\.example\\.org:${port}/proposals/\\d+$`));
    await live(10);
    const later = await feed('proposals.atom', { Host: `localhost:${port}` });
    const before = new Map(local.parsed.entries.map((entry) => [entry.id, entry.title]));
    const kept = later.parsed.entries.filter((entry) => before.has(entry.id));
    expect(kept.length).toBeGreaterThan(50);
    for (const entry of kept) expect(entry.title).toBe(before.get(entry.id));
  });

  it('answers 304 to a reader that has the newest, and 200 once something happened', async () => {
    const first = await feed('proposals.atom', { 'Accept-Encoding': 'gzip' });
    const etag = String(first.answer.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.answer.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(first.answer.headers['content-encoding']).toBe('gzip');
    expect(first.answer.headers.vary).toMatch(/Accept-Encoding/);
    const cached = await httpGet(h.base, `${F}/proposals.atom`, { 'If-None-Match': etag });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect(cached.headers['content-length']).toBeUndefined();
    expect((await httpGet(h.base, `${F}/proposals.atom`, { 'If-None-Match': '"other", W/"else"' })).status).toBe(200);
    // The same tag for a filtered feed is another feed's: it does not match.
    expect(
      (await httpGet(h.base, `${F}/proposals.atom?status=PROPOSAL_STATUS_REJECTED`, { 'If-None-Match': etag })).status,
    ).toBe(200);
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.coreQuick,
        proposers: [h.node.cast.people.alice],
        title: 'Something new',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    await live(1);
    const changed = await httpGet(h.base, `${F}/proposals.atom`, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const newer = (await parseFeed(changed.text)).entries.map((entry) => entry.title);
    expect(newer.slice(0, 4)).toContainEqual(expect.stringMatching(/^#\d+ submitted: Something new$/));
  });

  it('answers a wrong filter with 400 in the archive’s error shape', async () => {
    const bad = [
      'proposals.atom?status=LOST',
      'proposals.atom?group_id=-1',
      'proposals.atom?group_policy_address=cosmos1notanaddress',
      'proposals.atom?q=%21%21',
      'voters/not-an-address.atom',
    ];
    for (const path of bad) {
      const answer = await httpGet(h.base, `${F}/${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(JSON.parse(answer.text)).toMatchObject({ code: 3, details: [] });
    }
    expect((await httpGet(h.base, `${F}/nothing.atom`)).status).toBe(501);
  });

  it('keeps the XML well-formed and the text as written, whatever a title holds', async () => {
    for (const path of ['proposals.atom', `proposals.atom?group_id=${h.node.cast.groups.core}&q=hostile`]) {
      const { answer } = await feed(path);
      expect(() => assertWellFormed(answer.text)).not.toThrow();
      for (const forbidden of ['\u0001', '\u001f', '\u202e']) expect(answer.text).not.toContain(forbidden);
    }
    {
      const { answer, parsed } = await feed(`proposals.atom?group_id=${h.node.cast.groups.core}&q=hostile`);
      // As written on chain, but for the characters XML forbids and the bidi controls, shown instead.
      expect(elementTexts(answer.text, 'title')).toContain(
        `#${hostileId} submitted: Hostile <b>&amp;</b> \u2401\u241f ]]> ⟨RLO⟩evil⟨PDF⟩`,
      );
      const entry = parsed.entries.find((listed) =>
        listed.id.endsWith(`/proposal/${hostileId}/submitted/${idParts(listed.id)[3]}`),
      );
      // feedparser strips what looks like HTML from a title; the rest is read as written.
      expect(entry?.title).toBe(`#${hostileId} submitted: Hostile &amp; \u2401\u241f ]]> ⟨RLO⟩evil⟨PDF⟩`);
      expect(entry?.summary).toContain('Hostile <b>&amp;</b> \u2401\u241f ]]> ⟨RLO⟩evil⟨PDF⟩ in the summary');
    }
    const { answer } = await feed(`voters/${h.node.cast.people.dave}.atom`);
    expect(() => assertWellFormed(answer.text)).not.toThrow();
    // The filter's own words are text too.
    const searched = await feed(`proposals.atom?q=${encodeURIComponent('hostile <&\u202E')}`);
    expect(() => assertWellFormed(searched.answer.text)).not.toThrow();
    expect(searched.parsed.title).toBe('Proposals on polity-feeds: matching “hostile <&⟨RLO⟩”');
  });
});
