import { msgDelegate, msgGovVote, msgSend, msgUpdateGroupMetadata, msgWithdrawReward } from '../activity/messages.ts';
import { DAY, HOUR, MIN, pickOption, type ScenarioContext } from './scenario-kit.ts';

/** Proposals through their whole lifecycle: every status, executor result and pruning case. */
export function addDemoProposals(context: ScenarioContext): void {
  const { G, at, msgs, p, cast, val, rng, submit, vote, txt } = context;

  // Executed successfully right away: pruned at once, so it is only a gap in the ids.
  at(G - 10 * DAY, () => {
    const t = G - 10 * DAY;
    cast.proposals.executed = msgs.submitProposal(
      {
        policyAddress: cast.policies.coreTreasury,
        proposers: [p.alice],
        ...txt('Fund the security audit', 'Pay the auditors 250,000 stake.'),
        messages: [msgSend(cast.policies.coreTreasury, p.treasury, 250_000n)],
      },
      t,
    );
    msgs.vote(cast.proposals.executed, p.bob, 'VOTE_OPTION_YES', '', t);
    msgs.vote(cast.proposals.executed, p.alice, 'VOTE_OPTION_YES', '', t, true);
  });
  at(G - 6 * DAY, () => {
    const t = G - 6 * DAY;
    const pa = cast.policies.coreTreasury;
    cast.proposals.execFailed = msgs.submitProposal(
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
  at(G - 2 * DAY, () => msgs.exec(cast.proposals.execFailed, G - 2 * DAY));

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
  at(G - 6 * HOUR, () => msgs.withdraw(cast.proposals.withdrawn, p.erin));

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
        msgs.vote(cast.proposals.community, m, pickOption(rng, [0.45, 0.35, 0.15, 0.05]), '', t);
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
  at(G - DAY, () => msgs.leaveGroup(cast.groups.departed, p.leo));

  submit('emptied', G - DAY, 'empty', () => ({
    proposers: [p.mallory],
    ...txt('Last one out', 'The only member left: total weight is 0, so the threshold is met with no votes.'),
    messages: [],
  }));
  at(G - 20 * HOUR, () => msgs.leaveGroup(cast.groups.empty, p.mallory));

  submit('aborted', G - DAY, 'sandbox', () => ({
    proposers: [p.frank],
    ...txt('Adopt RFC-7', 'Aborted: the policy changed while it was open.'),
    messages: [],
  }));
  vote('aborted', G - 20 * HOUR, p.frank, 'VOTE_OPTION_YES');
  vote('aborted', G - 19 * HOUR, p.vera, 'VOTE_OPTION_NO');
  at(G - 12 * HOUR, () => msgs.updateGroupPolicy(cast.policies.sandbox, { metadata: 'v2' }));

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
}
