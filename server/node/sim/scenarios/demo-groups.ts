import { upgradedConsensusState } from '../consensus-state.ts';
import { BLOCK_MS } from '../sim-chain.ts';
import { DAY, percentage, threshold, type ScenarioContext } from './scenario-kit.ts';

/** Consensus versions of a v0.47 simapp, before the history's two upgrades. */
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

/** Two software upgrades in the history, each announced two days before its height. */
export function addDemoUpgrades(context: ScenarioContext): void {
  const { chain: node, start, at } = context;
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
}

/** The groups and policies of the demo chain: every shape of weight, policy and metadata. */
export function addDemoGroups(context: ScenarioContext): void {
  const { G, at, msgs, store, acc, p, cast, live } = context;
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
      msgs.createGroup(members[0].address, members, JSON.stringify({ name: `${city} chapter` }), G - 28 * DAY);
    });
  });
  at(G - 25 * DAY, () => {
    cast.groups.core = msgs.createGroup(
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
    cast.policies.coreTreasury = msgs.createGroupPolicy(
      cast.groups.core,
      p.alice,
      JSON.stringify({ name: 'Core treasury' }),
      threshold('3', 3 * 86400),
      G - 25 * DAY,
    );
    cast.policies.coreOps = msgs.createGroupPolicy(
      cast.groups.core,
      p.alice,
      JSON.stringify({ name: 'Core operations' }),
      percentage('0.5', 86400, 3600),
      G - 25 * DAY,
    );
    cast.policies.coreQuick = msgs.createGroupPolicy(
      cast.groups.core,
      p.alice,
      JSON.stringify({ name: 'Core quick decisions' }),
      threshold('2', live),
      G - 25 * DAY,
    );
    store.balances.set(acc.book.get(cast.policies.coreTreasury)!, 1_000_000n);
    store.balances.set(acc.book.get(cast.policies.coreQuick)!, 10_000_000_000n);

    cast.groups.grants = msgs.createGroup(
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
    cast.policies.grants = msgs.createGroupPolicy(
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
    cast.groups.community = msgs.createGroup(
      p.carol,
      members,
      JSON.stringify({ name: 'Community assembly', description: '2,500 token holders.' }),
      G - 20 * DAY,
    );
    cast.policies.community = msgs.createGroupPolicy(
      cast.groups.community,
      p.carol,
      JSON.stringify({ name: 'Assembly (threshold 1400)' }),
      threshold('1400', 7 * 86400, 3600),
      G - 20 * DAY,
    );
    cast.policies.communityQuick = msgs.createGroupPolicy(
      cast.groups.community,
      p.carol,
      JSON.stringify({ name: 'Quick polls (30%)' }),
      percentage('0.3', live),
      G - 20 * DAY,
    );

    cast.groups.oversized = msgs.createGroup(
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
    cast.policies.oversized = msgs.createGroupPolicy(
      cast.groups.oversized,
      p.dave,
      '',
      threshold('10', 86400),
      G - 20 * DAY,
    );

    cast.groups.departed = msgs.createGroup(
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
    cast.policies.departed = msgs.createGroupPolicy(
      cast.groups.departed,
      p.erin,
      '',
      percentage('0.5', 5 * 86400),
      G - 20 * DAY,
    );

    cast.groups.empty = msgs.createGroup(
      p.mallory,
      [{ address: p.mallory, weight: '1' }],
      // Plain-text metadata, as many chains write it: the text is the name.
      'Emptied group',
      G - 20 * DAY,
    );
    cast.policies.empty = msgs.createGroupPolicy(
      cast.groups.empty,
      p.mallory,
      'emptied group treasury',
      threshold('1', 2 * 86400),
      G - 20 * DAY,
    );

    cast.groups.sandbox = msgs.createGroup(
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
    cast.policies.sandbox = msgs.createGroupPolicy(
      cast.groups.sandbox,
      p.frank,
      'v1',
      threshold('2', 4 * 86400),
      G - 20 * DAY,
    );

    const meta255 = 'ipfs://' + 'b'.repeat(248);
    cast.groups.unicode = msgs.createGroup(
      p.judy,
      [
        { address: p.judy, weight: '0.000000000000000001', metadata: 'Ωmega Ψ 共同体 🌐' },
        { address: p.ivan, weight: '123456789.123456789012345678' },
        { address: p.vera, weight: '1e2' },
      ],
      meta255,
      G - 20 * DAY,
    );
    cast.policies.unicode = msgs.createGroupPolicy(
      cast.groups.unicode,
      p.judy,
      'Ωmega policy — unanimity ✓',
      percentage('1', 10 * 86400),
      G - 20 * DAY,
    );
  });
}
