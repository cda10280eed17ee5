import type { Vote, VoteOption } from '../../chain/records.ts';
import { LARGE } from '../activity/scale.ts';
import type { Cast, SimChain } from '../sim-chain.ts';
import { percentage } from './scenario-kit.ts';

const THOUSAND = 1000;

/** The `large` scenario: a million-member group and two proposals its members voted on. */
export function addLargeState(node: SimChain, cast: Cast): void {
  const msgs = node.group.msgs;
  const store = node.group.store;
  const t = node.time;
  const admin = cast.people.carol;
  const members: { address: string; weight: string }[] = [];
  for (let i = 0; i < LARGE.members; i++) {
    const address = node.accounts.account(`large-${i}`);
    members.push({ address, weight: i % 10 === 0 ? '2' : '1' });
  }
  cast.groups.large = msgs.createLargeGroup(
    admin,
    members,
    JSON.stringify({ name: 'Mega assembly', description: `${LARGE.members} members.` }),
    t,
  );
  cast.policies.large = msgs.createGroupPolicy(cast.groups.large, admin, '', percentage('0.5', 30 * 86400), t);
  const open = (title: string) =>
    msgs.submitProposal(
      {
        policyAddress: cast.policies.large,
        proposers: [members[0].address],
        title,
        summary: '',
        metadata: '',
        messages: [],
      },
      t,
    );
  cast.proposals.largeMillion = open('One million votes');
  cast.proposals.largeThousand = open('One thousand votes');
  const options: VoteOption[] = [
    'VOTE_OPTION_YES',
    'VOTE_OPTION_NO',
    'VOTE_OPTION_ABSTAIN',
    'VOTE_OPTION_NO_WITH_VETO',
  ];
  const votes = (pid: bigint, n: number): Vote[] =>
    members.slice(0, n).map((m, i) => ({
      proposalId: pid,
      voter: m.address,
      voterKey: node.accounts.book.get(m.address)!,
      option: options[i % 4],
      metadata: '',
      submitTime: t,
    }));
  store.loadVotes(cast.proposals.largeMillion, votes(cast.proposals.largeMillion, LARGE.votes));
  store.loadVotes(cast.proposals.largeThousand, votes(cast.proposals.largeThousand, THOUSAND));
}

/**
 * About how many entries x/group's store holds once the large state is added: members and votes
 * with their two index entries each, and room for the demo state under them.
 */
export const largeStoreEntries = () => 3 * (LARGE.members + LARGE.votes + THOUSAND) + 65_536;
