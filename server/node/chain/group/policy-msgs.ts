import { encodeAccAddress } from '../../lib/bech32-sdk.ts';
import { policyAddressBytes } from '../../lib/policy-address.ts';
import { ChainError } from '../chain-error.ts';
import { validateDecisionPolicy } from '../decision-policies/registry.ts';
import type { DecisionPolicy, Millis } from '../records.ts';
import { eventCreateGroupPolicy, eventUpdateGroupPolicy } from './group-events.ts';
import { existingGroup } from './group-msgs.ts';
import type { GroupStore } from './group-store.ts';
import { checkMetadata, MAX_EXECUTION_PERIOD_S } from './params.ts';
import { saveProposal } from './tally.ts';

// x/group's group policy messages: a policy account is created for a group, or changed.

export function createGroupPolicy(
  store: GroupStore,
  groupId: bigint,
  admin: string,
  metadata: string,
  policy: DecisionPolicy,
  now: Millis,
): string {
  checkMetadata(metadata, 'group policy metadata');
  existingGroup(store, groupId);
  const error = validateDecisionPolicy(policy, MAX_EXECUTION_PERIOD_S);
  if (error) throw new ChainError(error);
  const bytes = policyAddressBytes(++store.policySeq);
  const address = encodeAccAddress(bytes);
  const key = bytes.toString('latin1');
  store.addressBook.set(address, key);
  store.putPolicy({
    address,
    key,
    groupId,
    admin,
    metadata,
    version: 1n,
    decisionPolicy: policy,
    createdAt: now,
  });
  store.events(eventCreateGroupPolicy(address));
  return address;
}

/** Any policy update bumps its version and aborts its proposals still in voting. */
export function updateGroupPolicy(
  store: GroupStore,
  address: string,
  patch: { metadata?: string; decisionPolicy?: DecisionPolicy; admin?: string },
): void {
  const policy = store.policyOf(address);
  if (!policy) throw new ChainError('group policy: not found');
  if (patch.metadata !== undefined) checkMetadata(patch.metadata, 'group policy metadata');
  if (patch.decisionPolicy) {
    const error = validateDecisionPolicy(patch.decisionPolicy, MAX_EXECUTION_PERIOD_S);
    if (error) throw new ChainError(error);
  }
  store.putPolicy({ ...policy, ...patch, version: policy.version + 1n });
  const ids = store.proposalsByPolicy(policy.key);
  for (let i = 0; i < ids.size; i++) {
    const proposal = store.proposal(ids.valueAt(i));
    if (proposal?.status === 'PROPOSAL_STATUS_SUBMITTED') {
      saveProposal(store, { ...proposal, status: 'PROPOSAL_STATUS_ABORTED' });
    }
  }
  store.events(eventUpdateGroupPolicy(address));
}
