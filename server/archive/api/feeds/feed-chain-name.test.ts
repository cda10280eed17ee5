import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { assertWellFormed, parseFeed } from '../../../test/feed-kit.ts';
import { archiveChainName, type ArchiveChainName } from '../../chain-name.ts';
import { startingState } from '../../follower/lane/follower-state.ts';
import { ArchiveStore } from '../../store/archive-store.ts';
import { setMetaValue } from '../../store/cursor/cursor-writes.ts';
import { POLITY_ATOM_NAMESPACE } from './atom-xml.ts';
import { handleFeed } from './feed-http.ts';

// Each feed names its chain — the registry's name and display name for a chain served by
// --chain, the upstream's name, or `local` (Embedded) — beside the chain id: in its title and
// author for a person, and in a `polity:chain` element for a program reading several chains' feeds.

const FEEDS = ['proposals.atom', 'upgrades.atom', 'voters/regen1qurswpc8qurswpc8qurswpc8qurswpc8v3vxk9.atom'];

/** The attributes of the feed's `polity:chain` element, found by its namespace (not its prefix). */
function chainElement(xml: string): Record<string, string> | null {
  let found: Record<string, string> | null = null;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    if (tag.uri !== POLITY_ATOM_NAMESPACE || tag.local !== 'chain') return;
    found = Object.fromEntries(Object.values(tag.attributes).map((attribute) => [attribute.local, attribute.value]));
  });
  parser.write(xml).close();
  return found;
}

describe('feeds name their chain', () => {
  let store: ArchiveStore;

  beforeAll(async () => {
    store = await ArchiveStore.open(':memory:');
    await setMetaValue(store.db, 'chain_id', 'regen-1');
  });
  afterAll(() => store.close());

  async function feed(path: string, chain: ArchiveChainName, upstream: string) {
    const source = { store, follower: { state: startingState() }, source: { rest: '', rpc: '' }, chain };
    const answer = await handleFeed(
      source,
      { method: 'GET', path, rawQuery: '', absent: false },
      { upstream, headers: { host: '127.0.0.1:8080' } },
    );
    expect(answer.status).toBe(200);
    assertWellFormed(answer.body);
    return { xml: answer.body, parsed: await parseFeed(answer.body) };
  }

  it.each(FEEDS)('%s of a registry chain: its name, display name and chain id', async (path) => {
    const { xml, parsed } = await feed(path, { name: 'regen', prettyName: 'Regen' }, 'regen');
    expect(chainElement(xml)).toEqual({ name: 'regen', pretty_name: 'Regen', chain_id: 'regen-1' });
    expect(parsed.title).toMatch(/ on Regen \(regen-1\)/);
    expect(xml).toContain('<name>Polity archive of Regen (regen-1)</name>');
  });

  it('an upstream by its name, the local chain as Embedded', async () => {
    const upstream = await feed('upgrades.atom', archiveChainName('hub'), 'hub');
    expect(chainElement(upstream.xml)).toEqual({ name: 'hub', pretty_name: 'hub', chain_id: 'regen-1' });
    expect(upstream.parsed.title).toBe('Upgrades on hub (regen-1): scheduled, cancelled, applied');
    const local = await feed('proposals.atom', archiveChainName('local'), '');
    expect(chainElement(local.xml)).toEqual({ name: 'local', pretty_name: 'Embedded', chain_id: 'regen-1' });
    expect(local.parsed.title).toBe('Proposals on Embedded (regen-1)');
  });
});
