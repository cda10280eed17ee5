import type { DecisionPolicy, Millis, Vote, VoteOption } from '../chain/records.ts';
import { Rng } from '../lib/rng.ts';
import type { ChainNode } from './chain-node.ts';
import { upgradedConsensusState } from './consensus-state.ts';
import { msgDelegate, msgGovVote, msgSend, msgUpdateGroupMetadata, msgWithdrawReward } from './messages.ts';
import { LARGE } from './scale.ts';
import { scheduleNextUpgrade } from './upgrades.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** The chain's history spans 30 days of 5-second blocks before the genesis time. */
const HISTORY_MS = 30 * DAY;
export const BLOCK_MS = 5000;

const threshold = (t: string, votingS: number, minExecS = 0): DecisionPolicy => ({
  kind: 'threshold',
  threshold: t,
  windows: { votingPeriod: votingS, minExecutionPeriod: minExecS },
});
const percentage = (p: string, votingS: number, minExecS = 0): DecisionPolicy => ({
  kind: 'percentage',
  percentage: p,
  windows: { votingPeriod: votingS, minExecutionPeriod: minExecS },
});

/** Names the tests, benchmarks and the live simulator use to find things in the genesis state. */
export interface Cast {
  people: Record<string, string>;
  groups: Record<string, bigint>;
  policies: Record<string, string>;
  proposals: Record<string, bigint>;
  /** Policies the simulator submits live proposals to. */
  livePolicies: string[];
  communityMembers: string[];
}

const VERSIONS_V047: Record<string, number> = {
  auth: 4,
  authz: 2,
  bank: 3,
  circuit: 1,
  consensus: 1,
  distribution: 3,
  evidence: 1,
  feegrant: 2,
  genutil: 1,
  gov: 4,
  group: 2,
  mint: 2,
  nft: 1,
  slashing: 3,
  staking: 4,
  upgrade: 1,
  vesting: 1,
};

function pickOption(rng: Rng, weights: [number, number, number, number]): VoteOption {
  const r = rng.next();
  const options: VoteOption[] = [
    'VOTE_OPTION_YES',
    'VOTE_OPTION_NO',
    'VOTE_OPTION_ABSTAIN',
    'VOTE_OPTION_NO_WITH_VETO',
  ];
  let acc = 0;
  for (let i = 0; i < 4; i++) {
    acc += weights[i];
    if (r < acc) return options[i];
  }
  return 'VOTE_OPTION_YES';
}

/**
 * Builds the state a dashboard must be able to show: every proposal status, decimal weights,
 * pruning in progress, hostile strings, a large group and a busy voter. It is written as 30 days
 * of dated transactions run through the real state machine, so every rule applies to it.
 */
export function buildGenesis(node: ChainNode): Cast {
  const G = node.params.genesisTime;
  const start = G - HISTORY_MS;
  const heightAt = (t: Millis) => BigInt(1 + Math.floor((t - start) / BLOCK_MS));
  const steps: { t: Millis; fn: () => void }[] = [];
  const at = (t: Millis, fn: () => void) => steps.push({ t, fn });
  const k = node.group;
  const acc = node.accounts;
  const rng = new Rng(node.params.seed, 'genesis');
  const live = node.params.livePeriodS;

  const names = [
    'alice',
    'bob',
    'carol',
    'dave',
    'erin',
    'frank',
    'grace',
    'heidi',
    'ivan',
    'judy',
    'vera',
    'leo',
    'mallory',
    'treasury',
  ];
  const people = Object.fromEntries(names.map((n) => [n, acc.account(n)])) as Record<string, string>;
  const p = people;
  const cast: Cast = { people, groups: {}, policies: {}, proposals: {}, livePolicies: [], communityMembers: [] };
  const val = acc.validator('polity-validator-1');

  // --- upgrades --------------------------------------------------------------------------
  node.upgrade.setVersions(VERSIONS_V047);
  const plan = (name: string, height: bigint, versions: Record<string, number>) => {
    const t = start + Number(height - 1n) * BLOCK_MS;
    at(t - 2 * DAY, () =>
      node.upgrade.schedule(
        {
          plan: {
            name,
            height,
            info: JSON.stringify({ binaries: { 'linux/amd64': `https://example.org/simd-${name}` } }),
          },
          versions,
        },
        upgradedConsensusState(node.params.seed, height, t),
      ),
    );
    at(t, () => undefined);
  };
  plan('v047-to-v050', 150000n, { auth: 5, bank: 4, gov: 5, slashing: 4, staking: 5, upgrade: 2 });
  plan('v050-to-v053', 420000n, { epochs: 1, protocolpool: 1 });

  // --- groups ----------------------------------------------------------------------------
  // Thirty small regional chapters, the oldest groups: enough rows that /groups has pages.
  const CHAPTERS = [
    'Lisbon',
    'Nairobi',
    'Osaka',
    'Quito',
    'Tallinn',
    'Accra',
    'Bogotá',
    'Chennai',
    'Dakar',
    'Essen',
    'Fukuoka',
    'Gdańsk',
    'Hanoi',
    'Izmir',
    'Jaipur',
    'Kraków',
    'Lagos',
    'Medellín',
    'Nantes',
    'Oaxaca',
    'Porto',
    'Quebec',
    'Recife',
    'Seoul',
    'Tbilisi',
    'Utrecht',
    'Valencia',
    'Warsaw',
    'Xi’an',
    'Zürich',
  ];
  at(G - 28 * DAY, () => {
    CHAPTERS.forEach((city, i) => {
      const members = [0, 1, 2].map((j) => ({ address: acc.account(`chapter-${i}-${j}`), weight: String(j + 1) }));
      k.createGroup(members[0].address, members, JSON.stringify({ name: `${city} chapter` }), G - 28 * DAY);
    });
  });
  at(G - 25 * DAY, () => {
    cast.groups.core = k.createGroup(
      p.alice,
      [
        { address: p.alice, weight: '1' },
        { address: p.bob, weight: '2' },
        { address: p.carol, weight: '1' },
        { address: p.dave, weight: '1' },
        { address: p.vera, weight: '1', metadata: 'auditor seat' },
      ],
      JSON.stringify({ name: 'Core contributors', description: 'Maintainers of the chain software.' }),
      G - 25 * DAY,
    );
    cast.policies.coreTreasury = k.createGroupPolicy(
      cast.groups.core,
      p.alice,
      JSON.stringify({ name: 'Core treasury' }),
      threshold('3', 3 * 86400),
      G - 25 * DAY,
    );
    cast.policies.coreOps = k.createGroupPolicy(
      cast.groups.core,
      p.alice,
      JSON.stringify({ name: 'Core operations' }),
      percentage('0.5', 86400, 3600),
      G - 25 * DAY,
    );
    cast.policies.coreQuick = k.createGroupPolicy(
      cast.groups.core,
      p.alice,
      JSON.stringify({ name: 'Core quick decisions' }),
      threshold('2', live),
      G - 25 * DAY,
    );
    k.balances.set(acc.book.get(cast.policies.coreTreasury)!, 1_000_000n);
    k.balances.set(acc.book.get(cast.policies.coreQuick)!, 10_000_000_000n);

    cast.groups.grants = k.createGroup(
      p.bob,
      [
        { address: p.erin, weight: '1.50' },
        { address: p.frank, weight: '0.333333333333333333' },
        { address: p.grace, weight: '2.25' },
        { address: p.vera, weight: '1' },
      ],
      JSON.stringify({ name: 'Grants council', description: 'Funds ecosystem work. Weights are decimal.' }),
      G - 25 * DAY,
    );
    cast.policies.grants = k.createGroupPolicy(
      cast.groups.grants,
      p.bob,
      JSON.stringify({ name: 'Grants (66%)' }),
      percentage('0.66', 2 * 86400),
      G - 25 * DAY,
    );
  });

  at(G - 20 * DAY, () => {
    const members: { address: string; weight: string }[] = [];
    for (let i = 0; i < 2500; i++) {
      const address = acc.account(`community-${i}`);
      cast.communityMembers.push(address);
      members.push({ address, weight: i % 37 === 0 ? '0.5' : i % 10 === 0 ? '2' : '1' });
    }
    members.push({ address: p.vera, weight: '1' }, { address: p.carol, weight: '1' });
    cast.groups.community = k.createGroup(
      p.carol,
      members,
      JSON.stringify({ name: 'Community assembly', description: '2,500 token holders.' }),
      G - 20 * DAY,
    );
    cast.policies.community = k.createGroupPolicy(
      cast.groups.community,
      p.carol,
      JSON.stringify({ name: 'Assembly (threshold 1400)' }),
      threshold('1400', 7 * 86400, 3600),
      G - 20 * DAY,
    );
    cast.policies.communityQuick = k.createGroupPolicy(
      cast.groups.community,
      p.carol,
      JSON.stringify({ name: 'Quick polls (30%)' }),
      percentage('0.3', live),
      G - 20 * DAY,
    );

    cast.groups.oversized = k.createGroup(
      p.dave,
      [
        { address: p.heidi, weight: '1' },
        { address: p.ivan, weight: '1' },
        { address: p.judy, weight: '1' },
        { address: p.vera, weight: '0.5' },
      ],
      JSON.stringify({ name: 'Oversized threshold', description: 'Threshold 10 over a total weight of 3.5.' }),
      G - 20 * DAY,
    );
    cast.policies.oversized = k.createGroupPolicy(
      cast.groups.oversized,
      p.dave,
      '',
      threshold('10', 86400),
      G - 20 * DAY,
    );

    cast.groups.departed = k.createGroup(
      p.erin,
      [
        { address: p.erin, weight: '2' },
        { address: p.frank, weight: '1' },
        { address: p.grace, weight: '1' },
        { address: p.leo, weight: '3' },
      ],
      JSON.stringify({ name: 'Departed member', description: 'Leo voted, then left the group.' }),
      G - 20 * DAY,
    );
    cast.policies.departed = k.createGroupPolicy(
      cast.groups.departed,
      p.erin,
      '',
      percentage('0.5', 5 * 86400),
      G - 20 * DAY,
    );

    cast.groups.empty = k.createGroup(
      p.mallory,
      [{ address: p.mallory, weight: '1' }],
      JSON.stringify({ name: 'Emptied group' }),
      G - 20 * DAY,
    );
    cast.policies.empty = k.createGroupPolicy(
      cast.groups.empty,
      p.mallory,
      '',
      threshold('1', 2 * 86400),
      G - 20 * DAY,
    );

    cast.groups.sandbox = k.createGroup(
      p.frank,
      [
        { address: p.frank, weight: '1' },
        { address: p.grace, weight: '1' },
        { address: p.heidi, weight: '1' },
        { address: p.vera, weight: '1' },
      ],
      JSON.stringify({ name: 'Working group', description: 'Its policy changes often, aborting proposals.' }),
      G - 20 * DAY,
    );
    cast.policies.sandbox = k.createGroupPolicy(
      cast.groups.sandbox,
      p.frank,
      'v1',
      threshold('2', 4 * 86400),
      G - 20 * DAY,
    );

    const meta255 = 'ipfs://' + 'b'.repeat(248);
    cast.groups.unicode = k.createGroup(
      p.judy,
      [
        { address: p.judy, weight: '0.000000000000000001', metadata: 'Ωmega Ψ 共同体 🌐' },
        { address: p.ivan, weight: '123456789.123456789012345678' },
        { address: p.vera, weight: '1e2' },
      ],
      meta255,
      G - 20 * DAY,
    );
    cast.policies.unicode = k.createGroupPolicy(
      cast.groups.unicode,
      p.judy,
      'Ωmega policy — unanimity ✓',
      percentage('1', 10 * 86400),
      G - 20 * DAY,
    );
  });

  // --- proposals through their whole lifecycle ------------------------------------------
  type Input = Omit<Parameters<typeof k.submitProposal>[0], 'policyAddress'>;
  const submit = (key: string, t: Millis, policy: string, build: (policyAddress: string) => Input) =>
    at(t, () => {
      const pa = cast.policies[policy];
      cast.proposals[key] = k.submitProposal({ policyAddress: pa, ...build(pa) }, t);
    });
  const vote = (key: string, t: Millis, voter: string, option: VoteOption, metadata = '') =>
    at(t, () => k.vote(cast.proposals[key], voter, option, metadata, t));
  const txt = (title: string, summary: string) => ({ title, summary, metadata: JSON.stringify({ title, summary }) });

  // Executed successfully right away: pruned at once, so it is only a gap in the ids.
  at(G - 10 * DAY, () => {
    const t = G - 10 * DAY;
    cast.proposals.executed = k.submitProposal(
      {
        policyAddress: cast.policies.coreTreasury,
        proposers: [p.alice],
        ...txt('Fund the security audit', 'Pay the auditors 250,000 stake.'),
        messages: [msgSend(cast.policies.coreTreasury, p.treasury, 250_000n)],
      },
      t,
    );
    k.vote(cast.proposals.executed, p.bob, 'VOTE_OPTION_YES', '', t);
    k.vote(cast.proposals.executed, p.alice, 'VOTE_OPTION_YES', '', t, true);
  });
  at(G - 6 * DAY, () => {
    const t = G - 6 * DAY;
    const pa = cast.policies.coreTreasury;
    cast.proposals.execFailed = k.submitProposal(
      {
        policyAddress: pa,
        proposers: [p.bob],
        ...txt('Pay contractor invoice #42', 'Sends more than the treasury holds, so execution fails.'),
        messages: [msgSend(pa, p.treasury, 5_000_000n), msgDelegate(pa, val, 1n)],
      },
      t,
    );
  });
  vote('execFailed', G - 6 * DAY + HOUR, p.alice, 'VOTE_OPTION_YES');
  vote('execFailed', G - 6 * DAY + 2 * HOUR, p.bob, 'VOTE_OPTION_YES');
  vote('execFailed', G - 6 * DAY + 3 * HOUR, p.vera, 'VOTE_OPTION_YES', 'checked the invoice');
  at(G - 2 * DAY, () => k.exec(cast.proposals.execFailed, G - 2 * DAY));

  submit('awaitingExec', G - 5 * DAY, 'coreTreasury', (pa) => ({
    proposers: [p.alice],
    ...txt('Rotate the multisig keys', 'Accepted at the end of voting; nobody has executed it yet.'),
    messages: [msgUpdateGroupMetadata(pa, 1n, 'keys rotated')],
  }));
  vote('awaitingExec', G - 5 * DAY + HOUR, p.alice, 'VOTE_OPTION_YES');
  vote('awaitingExec', G - 5 * DAY + 2 * HOUR, p.bob, 'VOTE_OPTION_YES');
  vote('awaitingExec', G - 5 * DAY + 3 * HOUR, p.dave, 'VOTE_OPTION_NO');

  submit('rejected', G - 4 * DAY, 'coreOps', () => ({
    proposers: [p.alice],
    ...txt('Switch to weekly calls', 'Rejected at the end of its voting period.'),
    messages: [],
  }));
  vote('rejected', G - 4 * DAY + HOUR, p.alice, 'VOTE_OPTION_YES');
  vote('rejected', G - 4 * DAY + 2 * HOUR, p.bob, 'VOTE_OPTION_NO');
  vote('rejected', G - 4 * DAY + 3 * HOUR, p.carol, 'VOTE_OPTION_NO_WITH_VETO');
  vote('rejected', G - 4 * DAY + 4 * HOUR, p.dave, 'VOTE_OPTION_ABSTAIN');

  submit('openPartial', G - DAY, 'coreTreasury', (pa) => ({
    proposers: [p.carol],
    ...txt('Raise the validator budget', 'Open, with some votes cast.'),
    messages: [msgSend(pa, p.treasury, 1000n), msgDelegate(pa, val, 5000n), msgWithdrawReward(pa, val)],
  }));
  vote('openPartial', G - DAY + HOUR, p.alice, 'VOTE_OPTION_YES', 'in favour');
  vote('openPartial', G - DAY + 2 * HOUR, p.carol, 'VOTE_OPTION_NO');
  submit('openEmpty', G - 2 * HOUR, 'coreTreasury', () => ({
    proposers: [p.dave],
    ...txt('Adopt the new code of conduct', 'Open, nobody has voted yet.'),
    messages: [],
  }));

  submit('grantOpen', G - DAY, 'grants', () => ({
    proposers: [p.erin],
    ...txt('Grant: zk light client', 'Decimal weights: 1.50 + 0.333333333333333333.'),
    messages: [],
  }));
  vote('grantOpen', G - DAY + HOUR, p.erin, 'VOTE_OPTION_YES');
  vote('grantOpen', G - DAY + 2 * HOUR, p.frank, 'VOTE_OPTION_YES');
  submit('withdrawn', G - 12 * HOUR, 'grants', () => ({
    proposers: [p.erin],
    ...txt(
      'Grant: wallet redesign',
      'Withdrawn by its proposer; its votes stay visible until voting would have ended.',
    ),
    messages: [],
  }));
  vote('withdrawn', G - 11 * HOUR, p.grace, 'VOTE_OPTION_NO');
  at(G - 6 * HOUR, () => k.withdraw(cast.proposals.withdrawn, p.erin));

  submit('community', G - 3 * DAY, 'community', (pa) => ({
    proposers: [p.carol],
    ...txt('Community budget 2027', 'Thousands of weighted votes; the tally keeps moving.'),
    messages: [msgSend(pa, p.treasury, 42n)],
  }));
  for (let b = 0; b < 220; b++) {
    const t = G - 3 * DAY + HOUR + b * 15 * MIN;
    at(t, () => {
      for (let i = 0; i < 10; i++) {
        const m = cast.communityMembers[b * 10 + i];
        k.vote(cast.proposals.community, m, pickOption(rng, [0.45, 0.35, 0.15, 0.05]), '', t);
      }
    });
  }
  vote('community', G - 2 * DAY, p.vera, 'VOTE_OPTION_ABSTAIN', 'conflict of interest');

  submit('oversized', G - 6 * HOUR, 'oversized', () => ({
    proposers: [p.heidi],
    ...txt('Threshold above total weight', 'Threshold 10, total weight 3.5: every yes vote is needed.'),
    messages: [],
  }));
  for (const v of [p.heidi, p.ivan, p.vera]) vote('oversized', G - 5 * HOUR, v, 'VOTE_OPTION_YES');

  submit('departed', G - 2 * DAY, 'departed', () => ({
    proposers: [p.erin],
    ...txt('Vote of a departed member', "Leo's yes vote no longer counts: he left the group."),
    messages: [],
  }));
  vote('departed', G - 2 * DAY + HOUR, p.leo, 'VOTE_OPTION_YES', 'see you all');
  vote('departed', G - 2 * DAY + 2 * HOUR, p.erin, 'VOTE_OPTION_NO');
  vote('departed', G - 2 * DAY + 2 * HOUR, p.grace, 'VOTE_OPTION_YES');
  at(G - DAY, () => k.leaveGroup(cast.groups.departed, p.leo));

  submit('emptied', G - DAY, 'empty', () => ({
    proposers: [p.mallory],
    ...txt('Last one out', 'The only member left: total weight is 0, so the threshold is met with no votes.'),
    messages: [],
  }));
  at(G - 20 * HOUR, () => k.leaveGroup(cast.groups.empty, p.mallory));

  submit('aborted', G - DAY, 'sandbox', () => ({
    proposers: [p.frank],
    ...txt('Adopt RFC-7', 'Aborted: the policy changed while it was open.'),
    messages: [],
  }));
  vote('aborted', G - 20 * HOUR, p.frank, 'VOTE_OPTION_YES');
  vote('aborted', G - 19 * HOUR, p.vera, 'VOTE_OPTION_NO');
  at(G - 12 * HOUR, () => k.updateGroupPolicy(cast.policies.sandbox, { metadata: 'v2' }));

  const html = '<script>alert("pwned")</script><img src=x onerror=alert(1)>';
  submit('hostile', G - 3 * HOUR, 'unicode', (pa) => ({
    proposers: [p.judy],
    title: html,
    summary: `<b>bold?</b> & <a href="javascript:alert(1)">click</a> — Ωmega 共同体 🌐 ${'\u202e'}reversed`,
    metadata: 'ipfs://' + 'a'.repeat(248),
    messages: [
      msgSend(pa, p.treasury, 1n),
      msgGovVote(pa, 12n, 'VOTE_OPTION_YES'),
      msgUpdateGroupMetadata(pa, 8n, '<svg onload=alert(1)>'),
    ],
  }));
  vote('hostile', G - 2 * HOUR, p.vera, 'VOTE_OPTION_NO_WITH_VETO', '<img src=x onerror=alert(2)>');
  vote('hostile', G - 2 * HOUR, p.ivan, 'VOTE_OPTION_YES');

  // A poll group where Vera votes on everything: her votes fill more than one page.
  at(G - 11 * DAY, () => {
    const t = G - 11 * DAY;
    cast.groups.polls = k.createGroup(
      p.bob,
      [
        { address: p.alice, weight: '1' },
        { address: p.bob, weight: '1' },
        { address: p.carol, weight: '1' },
        { address: p.vera, weight: '1' },
      ],
      JSON.stringify({ name: 'Daily polls', description: 'Small questions, long votes.' }),
      t,
    );
    cast.policies.polls = k.createGroupPolicy(
      cast.groups.polls,
      p.bob,
      JSON.stringify({ name: 'Polls (3 of 4)' }),
      threshold('3', 14 * 86400),
      t,
    );
  });
  for (let i = 0; i < 60; i++) {
    const t = G - 10 * DAY + i * 3 * HOUR;
    submit(`poll${i}`, t, 'polls', () => ({
      proposers: [p.bob],
      ...txt(
        `Poll ${i + 1}: ${['tabs or spaces', 'meeting time', 'logo colour', 'next city'][i % 4]}`,
        'A daily poll.',
      ),
      messages: [],
    }));
    vote(`poll${i}`, t + MIN, p.vera, pickOption(rng, [0.5, 0.3, 0.15, 0.05]));
    if (i % 3 === 0) vote(`poll${i}`, t + 2 * MIN, p.alice, 'VOTE_OPTION_YES');
  }

  submit('closingSoon', G - Math.floor((live * 1000) / 2), 'communityQuick', () => ({
    proposers: [p.carol],
    ...txt('Quick poll: meetup city', 'Closes soon after start-up.'),
    messages: [],
  }));

  at(G, () => scheduleNextUpgrade(node));

  const ordered = steps.map((s, i) => ({ ...s, i })).sort((a, b) => a.t - b.t || a.i - b.i);
  let pendingHeight: bigint | null = null;
  let batch: (() => void)[] = [];
  let batchTime = 0;
  const flush = () => {
    if (pendingHeight === null) return;
    const fns = batch;
    node.block(pendingHeight, batchTime, () => fns.forEach((f) => f()));
    batch = [];
  };
  for (const s of ordered) {
    const h = heightAt(s.t);
    if (h !== pendingHeight) {
      flush();
      pendingHeight = h;
    }
    batch.push(s.fn);
    batchTime = s.t;
  }
  flush();
  if (node.params.scenario === 'large') addLargeState(node, cast);
  cast.livePolicies = [cast.policies.coreQuick, cast.policies.communityQuick];
  return cast;
}

function addLargeState(node: ChainNode, cast: Cast): void {
  const k = node.group;
  const t = node.time;
  const admin = cast.people.carol;
  const members: { address: string; weight: string }[] = [];
  for (let i = 0; i < LARGE.members; i++) {
    const address = node.accounts.account(`large-${i}`);
    members.push({ address, weight: i % 10 === 0 ? '2' : '1' });
  }
  cast.groups.large = k.createLargeGroup(
    admin,
    members,
    JSON.stringify({ name: 'Mega assembly', description: `${LARGE.members} members.` }),
    t,
  );
  cast.policies.large = k.createGroupPolicy(cast.groups.large, admin, '', percentage('0.5', 30 * 86400), t);
  const open = (title: string) =>
    k.submitProposal(
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
  k.loadVotes(cast.proposals.largeMillion, votes(cast.proposals.largeMillion, LARGE.votes));
  k.loadVotes(cast.proposals.largeThousand, votes(cast.proposals.largeThousand, 1000));
}
