import { DAY, HOUR, MIN, pickOption, threshold, type ScenarioContext } from './scenario-kit.ts';

/** A poll group where Vera votes on everything (her votes fill more than one page), and a quick poll. */
export function addDemoPolls(context: ScenarioContext): void {
  const { G, at, msgs, p, cast, rng, live, submit, vote, txt } = context;
  at(G - 11 * DAY, () => {
    const t = G - 11 * DAY;
    cast.groups.polls = msgs.createGroup(
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
    cast.policies.polls = msgs.createGroupPolicy(
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
}
