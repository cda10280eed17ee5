import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TimelineEvent } from '../../api/archive-records.ts';
import type { ArchivedProposal } from '../../api/archive.ts';
import { archivedOpen } from '../../test/fake-archive.ts';
import { SharedLocks, TabStorages } from '../../test/fake-tabs.ts';
import { jsonResponse } from '../../test/render.tsx';
import { follow } from './follow-store.ts';
import { createWatcher, type Watcher } from './follow-watcher.ts';
import type { Notice } from './notices.ts';
import { seekLeadership, type Leadership } from './tab-leader.ts';
import { WATCH_KEY } from './watch-record.ts';

// Two tabs watch one archive through polls; the chain moves between rounds. Which notifications
// come, from which tab, and how often.

const T0 = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

/** An archive whose proposals and clock the test moves; it answers the watcher's few reads. */
class FakeArchive {
  now = T0;
  proposals = new Map<string, ArchivedProposal>();
  timelines = new Map<string, TimelineEvent[]>();
  requests: string[] = [];

  submit(id: string, submitted: number, votingMs = 3 * 24 * 60 * MINUTE) {
    this.proposals.set(id, {
      ...archivedOpen,
      id,
      title: `Proposal ${id}`,
      submit_time: at(submitted),
      voting_period_end: at(submitted + votingMs),
      status: 'PROPOSAL_STATUS_SUBMITTED',
    });
    this.timelines.set(id, [
      { height: '1', time: at(submitted), kind: 'submitted', status: 'PROPOSAL_STATUS_SUBMITTED', detail: null },
    ]);
  }

  decide(id: string, status: ArchivedProposal['status'], when: number) {
    this.proposals.set(id, { ...this.proposals.get(id)!, status });
    this.timelines.get(id)!.push({ height: '2', time: at(when), kind: 'status', status, detail: null });
  }

  answer(url: URL): Response {
    this.requests.push(`${url.pathname}${url.search}`);
    const path = url.pathname.replace('/polity/archive/v1/', '');
    if (path === 'status')
      return jsonResponse({
        chain_id: 'test-1',
        phase: 'following',
        earliest_height: '1',
        latest_height: '9',
        latest_block_time: at(this.now),
        node_latest_height: '9',
        lag: '0',
      });
    const one = /^proposals\/(\d+)$/.exec(path);
    if (one && !this.proposals.has(one[1]))
      return jsonResponse({ code: 5, message: 'not in the archive', details: [] }, 404);
    if (one) return jsonResponse({ proposal: this.proposals.get(one[1]), timeline: this.timelines.get(one[1]) });
    let rows = [...this.proposals.values()].filter((p) => p.group_id === url.searchParams.get('group_id'));
    // The latest submissions are a short window: older ones are found through the open list or one by one.
    if (url.searchParams.get('voting_open') === 'true')
      rows = rows.filter(
        (p) => p.status === 'PROPOSAL_STATUS_SUBMITTED' && Date.parse(p.voting_period_end!) > this.now,
      );
    else rows = rows.sort((a, b) => Date.parse(b.submit_time!) - Date.parse(a.submit_time!)).slice(0, 2);
    return jsonResponse({ proposals: rows, pagination: { next_key: null, total: String(rows.length) } });
  }
}

interface Tab {
  watcher: Watcher;
  leadership: Leadership;
  shown: Notice[];
}

let archive: FakeArchive;
let storages: TabStorages;
let locks: SharedLocks;

function openTab(name: string, permission: NotificationPermission = 'granted'): Tab {
  const shown: Notice[] = [];
  const storage = storages.view();
  const leadership = seekLeadership({ tabId: name, locks, storage });
  const watcher = createWatcher({
    storage,
    leadership,
    permission: () => permission,
    show: (n) => shown.push(n),
    now: () => archive.now,
  });
  return { watcher, leadership, shown };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A round in each tab, all at once (tabs poll on timers of their own, so their rounds overlap). */
const roundOf = async (...tabs: Tab[]) => {
  await Promise.all(tabs.map((tab) => tab.watcher.round()));
  storages.sync();
};
const titles = (tab: Tab) => tab.shown.map((notice) => notice.title);

beforeEach(() => {
  archive = new FakeArchive();
  storages = new TabStorages();
  locks = new SharedLocks();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => archive.answer(new URL(String(input), 'http://polity.test'))),
  );
  follow(storages.view(), { kind: 'group', id: '1', endpoint: '', name: 'Core contributors', followedAt: at(T0) });
  storages.sync();
});
afterEach(() => vi.unstubAllGlobals());

describe('watching followed items from several tabs', () => {
  it('one tab notifies each event once; none from before following; the next tab takes over without repeats', async () => {
    archive.submit('3', T0 - 10 * MINUTE);
    archive.submit('4', T0 + MINUTE);
    archive.now = T0 + 2 * MINUTE;
    const [a, b] = [openTab('a'), openTab('b')];
    await settle();
    await roundOf(a, b);
    await roundOf(a, b);
    expect(titles(a)).toEqual(['New proposal in Core contributors']);
    expect(a.shown[0].body).toMatch(/^#4 Proposal 4\n/);
    expect(b.shown).toEqual([]);

    // #3 (open before the follow) is decided and leaves every list; #4 is withdrawn; #5 opens.
    archive.decide('3', 'PROPOSAL_STATUS_ACCEPTED', T0 + 3 * MINUTE);
    archive.decide('4', 'PROPOSAL_STATUS_WITHDRAWN', T0 + 4 * MINUTE);
    archive.submit('5', T0 + 5 * MINUTE);
    archive.submit('6', T0 + 6 * MINUTE);
    archive.now = T0 + 7 * MINUTE;
    await roundOf(a, b);
    await roundOf(a, b);
    expect(titles(a).slice(1)).toEqual([
      'Proposal #3 accepted',
      'Proposal #4 withdrawn',
      'New proposal in Core contributors',
      'New proposal in Core contributors',
    ]);
    expect(b.shown).toEqual([]);

    // Tab a closes: b leads, and says only what is new.
    a.leadership.release();
    await settle();
    archive.decide('5', 'PROPOSAL_STATUS_REJECTED', T0 + 8 * MINUTE);
    archive.now = T0 + 9 * MINUTE;
    await roundOf(b);
    await roundOf(b);
    expect(titles(b)).toEqual(['Proposal #5 rejected']);
    const tags = [...a.shown, ...b.shown].map((notice) => notice.tag);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('a tab that stops leading while it polls tells nothing; the tab that takes over tells it', async () => {
    archive.submit('4', T0 + MINUTE);
    archive.now = T0 + 2 * MINUTE;
    const [a, b] = [openTab('a'), openTab('b')];
    await settle();
    const polling = a.watcher.round();
    a.leadership.release();
    await polling;
    storages.sync();
    await settle();
    await roundOf(b);
    expect([a.shown.length, b.shown.map((notice) => notice.tag)]).toEqual([0, ['opened:4@']]);
  });

  it('a proposal awaited that the archive no longer has is given up, and the rest goes on', async () => {
    archive.submit('3', T0 - 10 * MINUTE);
    archive.now = T0 + MINUTE;
    const a = openTab('a');
    await settle();
    await roundOf(a);
    archive.proposals.delete('3');
    archive.submit('4', T0 + 2 * MINUTE);
    archive.now = T0 + 3 * MINUTE;
    await roundOf(a);
    await roundOf(a);
    expect(a.shown.map((notice) => notice.tag)).toEqual(['opened:4@']);
    expect(archive.requests.filter((request) => request.endsWith('/proposals/3'))).toHaveLength(1);
  });

  it('24 hours and 1 hour before the end, once each, and nothing once the proposal is gone', async () => {
    archive.submit('4', T0 + MINUTE, 2 * 24 * 60 * MINUTE);
    archive.now = T0 + 2 * MINUTE;
    const a = openTab('a');
    await settle();
    await roundOf(a);
    const ends = T0 + MINUTE + 2 * 24 * 60 * MINUTE;
    for (const now of [ends - 24 * 60 * MINUTE, ends - 23 * 60 * MINUTE, ends - 60 * MINUTE, ends - 30 * MINUTE]) {
      archive.now = now;
      await roundOf(a);
    }
    expect(titles(a)).toEqual(['New proposal in Core contributors', '24 hours left to vote', '1 hour left to vote']);
  });

  it('polls nothing before notifications are allowed; then tells what happened since the follow', async () => {
    archive.submit('4', T0 + MINUTE);
    archive.now = T0 + 2 * MINUTE;
    const blocked = openTab('a', 'default');
    await settle();
    await roundOf(blocked);
    expect(archive.requests).toEqual([]);
    blocked.leadership.release();
    await settle();
    archive.now = T0 + 30 * MINUTE;
    const allowed = openTab('b');
    await settle();
    await roundOf(allowed);
    archive.submit('5', T0 + 31 * MINUTE);
    archive.now = T0 + 32 * MINUTE;
    await roundOf(allowed);
    expect(allowed.shown.map((notice) => notice.tag)).toEqual(['opened:4@', 'opened:5@']);
  });

  it('an unreadable record is replaced, and nothing from before the replacement is told (it may have been)', async () => {
    archive.submit('4', T0 + MINUTE);
    archive.now = T0 + 2 * MINUTE;
    storages.view().setItem(WATCH_KEY, '{"version":1,"notified":');
    storages.sync();
    const a = openTab('a');
    await settle();
    await roundOf(a);
    archive.submit('5', T0 + 3 * MINUTE);
    archive.now = T0 + 4 * MINUTE;
    await roundOf(a);
    expect(a.shown.map((notice) => notice.tag)).toEqual(['opened:5@']);
  });

  it('a reload (a new watcher on the same storage) repeats nothing', async () => {
    archive.submit('4', T0 + MINUTE);
    archive.now = T0 + 2 * MINUTE;
    const first = openTab('a');
    await settle();
    await roundOf(first);
    first.leadership.release();
    await settle();
    const reloaded = openTab('a2');
    await settle();
    await roundOf(reloaded);
    expect([first.shown.length, reloaded.shown.length]).toEqual([1, 0]);
  });
});
