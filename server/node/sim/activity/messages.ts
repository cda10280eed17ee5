import type { AnyMsg } from '../../chain/records.ts';

// Proposal messages as their JSON (the `Any` form a node returns): "@type" first, then fields
// in proto order. Their signer is always the policy account, as x/group requires.

export const msgSend = (from: string, to: string, amount: bigint): AnyMsg => ({
  '@type': '/cosmos.bank.v1beta1.MsgSend',
  from_address: from,
  to_address: to,
  amount: [{ denom: 'stake', amount: amount.toString() }],
});

export const msgDelegate = (delegator: string, validator: string, amount: bigint): AnyMsg => ({
  '@type': '/cosmos.staking.v1beta1.MsgDelegate',
  delegator_address: delegator,
  validator_address: validator,
  amount: { denom: 'stake', amount: amount.toString() },
});

export const msgWithdrawReward = (delegator: string, validator: string): AnyMsg => ({
  '@type': '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward',
  delegator_address: delegator,
  validator_address: validator,
});

export const msgUpdateGroupMetadata = (admin: string, groupId: bigint, metadata: string): AnyMsg => ({
  '@type': '/cosmos.group.v1.MsgUpdateGroupMetadata',
  admin,
  group_id: groupId.toString(),
  metadata,
});

export const msgGovVote = (voter: string, proposalId: bigint, option: string): AnyMsg => ({
  '@type': '/cosmos.gov.v1.MsgVote',
  proposal_id: proposalId.toString(),
  voter,
  option,
  metadata: '',
});
