import type { NodeProposal } from '../../node-records.ts';
import type { FetchedBlock } from '../../source/rpc-reader.ts';
import type { StoreReader } from '../../store/archive-store.ts';
import { readPolicyRules } from '../../store/policies/policy-reads.ts';
import { EXECUTOR_RESULTS, OPEN_STATUS } from '../../vocabulary.ts';
import { addSeconds, durationSeconds } from './chain-time.ts';
import type { BlockFacts, SubmitFact } from './decode-block.ts';

/** What a rebuilt proposal takes from its policy: the rules that set its voting end, and the policy's version. */
export interface PolicyRules {
  decisionPolicy: Record<string, unknown>;
  version: string;
}

/**
 * A proposal rebuilt from its message, the events of its block (`time`) and its policy's rules;
 * `groupVersion` is the group's version at the submission where it is known ('0': not known).
 */
export function rebuildProposal(
  fact: SubmitFact,
  time: string,
  facts: BlockFacts,
  policy: PolicyRules | null,
  groupVersion = '0',
): NodeProposal {
  const message = fact.message;
  const windows = policy?.decisionPolicy.windows as { voting_period?: string } | undefined;
  const pruned = facts.pruned.find((entry) => entry.proposalId === fact.proposalId);
  const executed = facts.executed.find((entry) => entry.proposalId === fact.proposalId);
  return {
    id: fact.proposalId,
    group_policy_address: message.groupPolicyAddress,
    metadata: message.metadata,
    proposers: message.proposers,
    submit_time: time,
    group_version: groupVersion,
    group_policy_version: policy?.version ?? '0',
    status: pruned?.status ?? OPEN_STATUS,
    final_tally_result: JSON.parse(pruned?.tally ?? '{}') as NodeProposal['final_tally_result'],
    voting_period_end: addSeconds(time, durationSeconds(windows?.voting_period ?? '0s')),
    executor_result: executed?.result ?? EXECUTOR_RESULTS[0],
    messages: message.messages.map((any) => ({
      '@type': any.typeUrl,
      value: Buffer.from(any.value).toString('base64'),
    })),
    title: message.title,
    summary: message.summary,
  };
}

/**
 * A proposal the node no longer has at its submission's height (executed and pruned in its own
 * transaction), rebuilt from the message, the block's events and the policy the archive holds.
 */
export async function proposalFromMessage(
  db: StoreReader,
  fact: SubmitFact,
  block: FetchedBlock,
  facts: BlockFacts,
): Promise<NodeProposal> {
  return rebuildProposal(fact, block.time, facts, await readPolicyRules(db, fact.message.groupPolicyAddress));
}
