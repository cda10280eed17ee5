import { grouped } from '../lib/format-number.ts';
import { briefPolicy, readPolicy } from './decision-policies.ts';

// What a proposal's messages would do, in plain words, for the common types: one entry per
// @type. A type without an entry (or a message whose fields are not what the type promises) has
// no description, and the page shows its JSON only. Every value here is text written on chain:
// it is shown as text, never as markup.

/**
 * How a value is shown: an account address (shortened, copyable, linked to its votes), a
 * validator's operator address (shortened, copyable), a group id or policy address (with its
 * name), or text.
 */
export type FactKind = 'address' | 'validator' | 'group' | 'policy' | 'text';

export interface MessageFact {
  label: string;
  value: string;
  kind: FactKind;
}

export interface MessageDescription {
  /** One sentence: what happens if the proposal executes. */
  summary: string;
  facts: MessageFact[];
  /** Messages carried inside this one (authz MsgExec), described in turn. */
  inner: Record<string, unknown>[];
}

type Fields = Record<string, unknown>;

const text = (fields: Fields, key: string): string | null => {
  const value = fields[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};
const record = (fields: Fields, key: string): Fields | null => {
  const value = fields[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;
};
const list = (fields: Fields, key: string): Fields[] => {
  const value = fields[key];
  return Array.isArray(value) ? value.filter((item): item is Fields => typeof item === 'object' && item !== null) : [];
};

function coin(value: Fields | null): string | null {
  if (!value) return null;
  const amount = text(value, 'amount');
  const denom = text(value, 'denom');
  return amount !== null && denom !== null ? `${grouped(amount)} ${denom}` : null;
}
const coins = (values: Fields[]) =>
  values
    .map(coin)
    .filter((value) => value !== null)
    .join(', ') || 'nothing';

const fact = (label: string, value: string | null, kind: FactKind = 'text'): MessageFact[] =>
  value === null || value === '' ? [] : [{ label, value, kind }];

const VOTE_WORDS: Record<string, string> = {
  VOTE_OPTION_YES: 'yes',
  VOTE_OPTION_NO: 'no',
  VOTE_OPTION_ABSTAIN: 'abstain',
  VOTE_OPTION_NO_WITH_VETO: 'no with veto',
};
const voteWord = (option: string | null) => (option === null ? 'an unknown option' : (VOTE_WORDS[option] ?? option));

type Describe = (fields: Fields) => MessageDescription | null;
const plainly = (summary: string, facts: MessageFact[] = [], inner: Fields[] = []): MessageDescription => ({
  summary,
  facts,
  inner,
});

function groupMembers(fields: Fields): MessageDescription | null {
  const group = text(fields, 'group_id');
  const updates = list(fields, 'member_updates');
  if (group === null) return null;
  const removed = updates.filter((member) => Number(text(member, 'weight') ?? '1') === 0);
  const set = updates.length - removed.length;
  const parts = [set > 0 && `add or reweigh ${set}`, removed.length > 0 && `remove ${removed.length}`];
  return plainly(`Change the members of group #${group}: ${parts.filter(Boolean).join(', ') || 'no change'}.`, [
    ...fact('Group', group, 'group'),
    ...updates.flatMap((member) => {
      const weight = text(member, 'weight') ?? '?';
      return fact(Number(weight) === 0 ? 'Remove' : `Weight ${grouped(weight)}`, text(member, 'address'), 'address');
    }),
  ]);
}

const governance = (version: string): Record<string, Describe> => ({
  [`/cosmos.gov.${version}.MsgVote`]: (fields) =>
    plainly(`Vote ${voteWord(text(fields, 'option'))} on governance proposal #${text(fields, 'proposal_id') ?? '?'}.`, [
      ...fact('Voter', text(fields, 'voter'), 'address'),
    ]),
  [`/cosmos.gov.${version}.MsgDeposit`]: (fields) =>
    plainly(
      `Deposit ${coins(list(fields, 'amount'))} on governance proposal #${text(fields, 'proposal_id') ?? '?'}.`,
      fact('Depositor', text(fields, 'depositor'), 'address'),
    ),
  [`/cosmos.gov.${version}.MsgSubmitProposal`]: (fields) =>
    plainly(
      `Submit a governance proposal${text(fields, 'title') ? ` titled “${text(fields, 'title')}”` : ''} with a ` +
        `deposit of ${coins(list(fields, 'initial_deposit'))}.`,
      fact('Proposer', text(fields, 'proposer'), 'address'),
      list(fields, 'messages'),
    ),
});

const DESCRIPTIONS: Record<string, Describe> = {
  '/cosmos.bank.v1beta1.MsgSend': (fields) =>
    plainly(`Send ${coins(list(fields, 'amount'))}.`, [
      ...fact('From', text(fields, 'from_address'), 'address'),
      ...fact('To', text(fields, 'to_address'), 'address'),
    ]),
  '/cosmos.group.v1.MsgUpdateGroupMembers': groupMembers,
  '/cosmos.group.v1.MsgUpdateGroupAdmin': (fields) =>
    plainly(`Hand group #${text(fields, 'group_id') ?? '?'} to a new admin.`, [
      ...fact('Group', text(fields, 'group_id'), 'group'),
      ...fact('New admin', text(fields, 'new_admin'), 'address'),
    ]),
  '/cosmos.group.v1.MsgUpdateGroupMetadata': (fields) =>
    plainly(`Change the metadata of group #${text(fields, 'group_id') ?? '?'}.`, [
      ...fact('Group', text(fields, 'group_id'), 'group'),
      ...fact('New metadata', text(fields, 'metadata')),
    ]),
  '/cosmos.group.v1.MsgUpdateGroupPolicyAdmin': (fields) =>
    plainly('Hand a group policy to a new admin.', [
      ...fact('Policy', text(fields, 'group_policy_address'), 'policy'),
      ...fact('New admin', text(fields, 'new_admin'), 'address'),
    ]),
  '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy': (fields) => {
    const policy = record(fields, 'decision_policy');
    const type = policy ? text(policy, '@type') : null;
    const rule = policy && type ? briefPolicy(readPolicy({ ...policy, '@type': type })) : null;
    return plainly(
      `Change how a group policy decides${rule ? `: ${rule}` : ''}. Its open proposals are aborted.`,
      fact('Policy', text(fields, 'group_policy_address'), 'policy'),
    );
  },
  '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata': (fields) =>
    plainly('Change the metadata of a group policy. Its open proposals are aborted.', [
      ...fact('Policy', text(fields, 'group_policy_address'), 'policy'),
      ...fact('New metadata', text(fields, 'metadata')),
    ]),
  '/cosmos.group.v1.MsgLeaveGroup': (fields) =>
    plainly(`Leave group #${text(fields, 'group_id') ?? '?'}.`, [
      ...fact('Group', text(fields, 'group_id'), 'group'),
      ...fact('Member', text(fields, 'address'), 'address'),
    ]),
  '/cosmos.group.v1.MsgWithdrawProposal': (fields) =>
    plainly(`Withdraw group proposal #${text(fields, 'proposal_id') ?? '?'}.`),
  '/cosmos.group.v1.MsgExec': (fields) => plainly(`Execute group proposal #${text(fields, 'proposal_id') ?? '?'}.`),
  '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade': (fields) => {
    const plan = record(fields, 'plan');
    if (!plan) return null;
    const height = text(plan, 'height');
    const heightText = height === null ? '?' : /^\d+$/.test(height) ? grouped(height) : height;
    return plainly(
      `Schedule the software upgrade “${text(plan, 'name') ?? '?'}” at height ${heightText}: ` +
        'nodes stop there until they run the new version.',
      fact('Plan info', text(plan, 'info')),
    );
  },
  '/cosmos.upgrade.v1beta1.MsgCancelUpgrade': () => plainly('Cancel the scheduled software upgrade.'),
  '/cosmos.authz.v1beta1.MsgExec': (fields) => {
    const inner = list(fields, 'msgs');
    return plainly(
      `Run ${inner.length} ${inner.length === 1 ? 'message' : 'messages'} on behalf of the accounts that granted ` +
        'this permission (authz).',
      fact('Grantee', text(fields, 'grantee'), 'address'),
      inner,
    );
  },
  '/cosmos.staking.v1beta1.MsgDelegate': (fields) =>
    plainly(`Delegate ${coin(record(fields, 'amount')) ?? 'an amount'} to a validator.`, [
      ...fact('Delegator', text(fields, 'delegator_address'), 'address'),
      ...fact('Validator', text(fields, 'validator_address'), 'validator'),
    ]),
  '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward': (fields) =>
    plainly('Withdraw staking rewards from a validator.', [
      ...fact('Delegator', text(fields, 'delegator_address'), 'address'),
      ...fact('Validator', text(fields, 'validator_address'), 'validator'),
    ]),
  ...governance('v1'),
  ...governance('v1beta1'),
};

/** The message in plain words, or null when Polity does not know its type (its JSON says it all). */
export function describeMessage(message: Fields): MessageDescription | null {
  const type = text(message, '@type');
  const describe = type === null ? undefined : DESCRIPTIONS[type];
  return describe ? describe(message) : null;
}
