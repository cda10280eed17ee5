import { describe, expect, it } from 'vitest';

import { archiveChainName, type ArchiveChainName } from '../chain-name.ts';
import type { StoredFacts } from '../store/views/webhook-facts.ts';
import { eventId, eventsOf } from './webhook-events.ts';

// Every webhook body names its chain — the registry's name and display name for a chain served by
// --chain, the upstream's name, or `local` (Embedded) for the embedded chain — beside its chain id,
// in the event and in the chat line, so a receiver of several chains' events can tell them apart; the
// event's id stays what it was (it is made of the chain id and the event alone).

const TIME = '2026-11-02T10:00:05Z';

function facts(chainId: string): StoredFacts {
  return {
    chainId,
    timeline: [
      {
        proposalId: '42',
        height: '1234',
        seq: 0,
        time: TIME,
        kind: 'submitted',
        status: null,
        detail: null,
        title: 'Fund the meetup',
        groupId: '3',
        policyAddress: 'regen1policy',
        finalTally: '',
        statusRecorded: false,
      },
    ],
    votes: [
      {
        proposalId: '42',
        voter: 'regen1qurswpc8qurswpc8qurswpc8qurswpc8v3vxk9',
        option: 'VOTE_OPTION_YES',
        metadata: '',
        time: TIME,
        height: '1234',
        title: 'Fund the meetup',
        groupId: '3',
      },
    ],
    groupChanges: [],
    plansBefore: [],
    plansNow: [],
  };
}

interface Body {
  event: { id: string; chain_id: string; chain: { name: string; pretty_name: string; chain_id: string } };
  text: string;
}

const bodies = (chainId: string, chain: ArchiveChainName) =>
  eventsOf(facts(chainId), chain).map((event) => JSON.parse(event.body) as Body);

describe('webhook bodies name their chain', () => {
  it('a registry chain by its name and display name, beside the chain id', () => {
    const sent = bodies('regen-1', { name: 'regen', prettyName: 'Regen' });
    expect(sent).toHaveLength(2);
    for (const body of sent) {
      expect(body.event.chain).toEqual({ name: 'regen', pretty_name: 'Regen', chain_id: 'regen-1' });
      expect(body.event.chain_id).toBe('regen-1');
      expect(body.text).toMatch(/^\[Regen \(regen-1\)\] /);
    }
    expect(sent[0].text).toBe('[Regen (regen-1)] Proposal 42 “Fund the meetup” submitted in group 3');
  });

  it('an upstream by its name, the local chain as Embedded', () => {
    const [upstream] = bodies('cosmoshub-4', archiveChainName('hub'));
    expect(upstream.event.chain).toEqual({ name: 'hub', pretty_name: 'hub', chain_id: 'cosmoshub-4' });
    expect(upstream.text).toMatch(/^\[hub \(cosmoshub-4\)\] Proposal 42 /);
    const [local] = bodies('polity-local', archiveChainName('local'));
    expect(local.event.chain).toEqual({ name: 'local', pretty_name: 'Embedded', chain_id: 'polity-local' });
    expect(local.text).toMatch(/^\[Embedded \(polity-local\)\] Proposal 42 /);
    const registry = archiveChainName('regen', { pretty_name: 'Regen' });
    expect(registry).toEqual({ name: 'regen', prettyName: 'Regen' });
  });

  it('a name that is the chain id is said once; a hostile chain id loses its controls in the text', () => {
    const [same] = bodies('hub', archiveChainName('hub'));
    expect(same.text).toMatch(/^\[hub\] /);
    const [hostile] = bodies('evil\u202E-1\n', archiveChainName('evil'));
    expect(hostile.text).toMatch(/^\[evil \(evil-1\)\] /);
    expect(hostile.event.chain.chain_id).toBe('evil\u202E-1\n');
  });

  it('keeps each event’s id: the same however the chain is named', () => {
    const named = eventsOf(facts('regen-1'), { name: 'regen', prettyName: 'Regen' });
    const other = eventsOf(facts('regen-1'), archiveChainName('local'));
    expect(named.map((event) => event.id)).toEqual(other.map((event) => event.id));
    expect(named[0].id).toBe(eventId('regen-1', 'proposal/42/1234/submitted'));
  });
});
