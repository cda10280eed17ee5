import type { FetchedBlock } from '../../source/rpc-reader.ts';
import type { StoreTransaction } from '../../store/archive-store.ts';
import { BatchRows } from '../../store/batch-rows.ts';
import { writeGroups } from '../../store/groups/group-writes.ts';
import { knownPolicies, writeLedger, type LedgerEntry } from '../../store/policies/policy-ledger.ts';
import { readPolicyGroup } from '../../store/policies/policy-reads.ts';
import { writePolicies } from '../../store/policies/policy-writes.ts';
import { recordTallyWeights, type ProposalState } from '../../store/proposals/proposal-writes.ts';
import { settleVoteWeights } from '../../store/votes/vote-writes.ts';
import { EXECUTOR_SUCCESS, isTallied, OPEN_STATUS } from '../../vocabulary.ts';
import type { OpenWork } from '../lane/open-work.ts';
import type { BlockFacts } from './decode-block.ts';
import type { BlockReads } from './named-reads.ts';
import { proposalFromMessage } from './proposal-from-message.ts';
import { transfersOf } from './transfers.ts';

// Writing what one block proved, inside its batch's transaction, through the storage layer's
// subject modules: groups and policies read at its height, proposals submitted, changed,
// executed and pruned, and what became of the upgrade plan.

/**
 * What the writes of one batch share: rows gathered for the end, the proposals' stored state,
 * and the proposals whose votes get their tally-time weights — settled together, but always
 * before the batch writes a membership change, so each sees the members of its own height.
 */
export interface BatchWrites {
  readonly tx: StoreTransaction;
  readonly work: OpenWork;
  readonly rows: BatchRows;
  readonly proposals: Map<string, ProposalState | null>;
  readonly settle: Set<string>;
}

export async function settlePending(batch: BatchWrites): Promise<void> {
  if (batch.settle.size === 0) return;
  await batch.rows.proposals.flushProposals(batch.tx);
  await settleVoteWeights(batch.tx, [...batch.settle]);
  await recordTallyWeights(batch.tx, [...batch.settle]);
  batch.settle.clear();
}

/** Policies never move to another group, so each policy's group is read once while following. */
async function groupOfPolicy(batch: BatchWrites, address: string): Promise<string> {
  const cached = batch.work.policyGroup(address);
  if (cached !== undefined) return cached;
  const groupId = await readPolicyGroup(batch.tx, address);
  if (groupId !== null) batch.work.rememberPolicyGroup(address, groupId);
  return groupId ?? '0';
}

async function writeRecords(batch: BatchWrites, block: FetchedBlock, facts: BlockFacts, reads: BlockReads) {
  const { height, time } = block;
  const { tx, rows, proposals } = batch;
  if (reads.groups.length > 0) await settlePending(batch);
  await writeGroups(
    tx,
    rows.groupHistory,
    reads.groups.map((group) => ({ group: group.info, members: group.members, height, time, bootstrap: false })),
  );
  await writePolicies(tx, reads.policies, height);
  const submitted = new Set<string>();
  for (const fact of facts.submitted) {
    const read = reads.proposals.get(fact.proposalId);
    const proposal = read ?? (await proposalFromMessage(tx, fact, block, facts));
    const groupId = await groupOfPolicy(batch, proposal.group_policy_address);
    rows.proposals.write(proposals, { proposal, groupId, height, onChain: read !== null });
    const entry = { proposalId: fact.proposalId, height, time, kind: 'submitted', txHash: fact.txHash } as const;
    rows.proposals.timelineEntry(entry, OPEN_STATUS);
    submitted.add(fact.proposalId);
  }
  for (const [id, proposal] of reads.proposals) {
    if (!proposal || submitted.has(id)) continue;
    const groupId = await groupOfPolicy(batch, proposal.group_policy_address);
    const before = rows.proposals.write(proposals, { proposal, groupId, height, onChain: true });
    if (before === null || before === proposal.status) continue;
    const entry = { proposalId: id, height, time };
    if (reads.due.has(id) && isTallied(proposal.status) && new Date(proposal.voting_period_end) < new Date(time)) {
      rows.proposals.timelineEntry(
        { ...entry, kind: 'voting_ended' },
        proposal.status,
        JSON.stringify(proposal.final_tally_result),
      );
    } else rows.proposals.timelineEntry({ ...entry, kind: 'status' }, proposal.status);
    if (isTallied(proposal.status)) batch.settle.add(id);
  }
  return submitted;
}

async function writePrunes(batch: BatchWrites, block: FetchedBlock, facts: BlockFacts, submitted: Set<string>) {
  const { height, time } = block;
  const { tx, rows, proposals } = batch;
  for (const fact of facts.executed) {
    const detail = JSON.stringify({ result: fact.result, logs: fact.logs });
    const entry = { proposalId: fact.proposalId, height, time, kind: 'executed', txHash: fact.txHash } as const;
    rows.proposals.timelineEntry(entry, null, detail);
  }
  for (const fact of facts.pruned) {
    const final = isTallied(fact.status);
    // Weights are settled once, when the archive first sees the proposal tallied: a proposal it
    // saw decided earlier keeps the weights of that height, whatever the group did since.
    const stored = proposals.get(fact.proposalId) ?? null;
    if (final && (submitted.has(fact.proposalId) || !isTallied(stored?.status ?? '')))
      batch.settle.add(fact.proposalId);
    const executed = facts.executed.some(
      (entry) => entry.proposalId === fact.proposalId && entry.result.endsWith('SUCCESS'),
    );
    const prune = {
      height,
      status: fact.status,
      finalTally: final ? fact.tally : undefined,
      succeeded: final && executed,
    };
    await rows.proposals.prune(tx, fact.proposalId, prune);
    if (stored) {
      proposals.set(fact.proposalId, {
        status: fact.status,
        onChain: false,
        finalTally: prune.finalTally ?? stored.finalTally,
        executorResult: prune.succeeded ? EXECUTOR_SUCCESS : stored.executorResult,
      });
    }
    rows.proposals.timelineEntry(
      { proposalId: fact.proposalId, height, time, kind: 'pruned' },
      fact.status,
      fact.tally,
    );
  }
}

function writeUpgrades(batch: BatchWrites, block: FetchedBlock, reads: BlockReads) {
  const { height, time } = block;
  const { plans } = batch.rows;
  if (reads.plan) {
    for (const name of reads.plan.cancelled) plans.cancelled(name, height, reads.plan.source);
    if (reads.plan.scheduled) plans.scheduled(reads.plan.scheduled, height, reads.plan.source);
  }
  for (const upgrade of reads.applied) {
    // Its time is this block's only when it was applied in this block (else unknown here).
    plans.applied(upgrade.name, upgrade.height, upgrade.height === height ? time : null);
    const at = upgrade.height;
    for (const entry of upgrade.versionsBefore) batch.rows.moduleVersions.add(entry.name, at - 1n, entry.version);
    for (const entry of upgrade.versionsAfter) batch.rows.moduleVersions.add(entry.name, at, entry.version);
  }
}

/** The block's transfers in and out of the group policies the archive knows (after its own policies were written). */
async function writeTransfers(batch: BatchWrites, block: FetchedBlock) {
  const transfers = transfersOf(block);
  if (transfers.length === 0) return;
  const policies = await knownPolicies(batch.tx, [
    ...new Set(transfers.flatMap((transfer) => [transfer.sender, transfer.recipient])),
  ]);
  const entries: LedgerEntry[] = [];
  for (const transfer of transfers) {
    const common = { height: block.height, seq: transfer.seq, time: block.time, amount: transfer.amount };
    const made = { proposalId: transfer.proposalId, txHash: transfer.txHash };
    if (policies.has(transfer.sender))
      entries.push({ ...common, ...made, policy: transfer.sender, direction: 'out', counterparty: transfer.recipient });
    if (policies.has(transfer.recipient))
      entries.push({ ...common, ...made, policy: transfer.recipient, direction: 'in', counterparty: transfer.sender });
  }
  await writeLedger(batch.tx, entries);
}

/** Writes one block's records, prunes, upgrades and transfers (its votes went in first, with the batch's). */
export async function writeBlock(batch: BatchWrites, block: FetchedBlock, facts: BlockFacts, reads: BlockReads) {
  const submitted = await writeRecords(batch, block, facts, reads);
  await writePrunes(batch, block, facts, submitted);
  writeUpgrades(batch, block, reads);
  await writeTransfers(batch, block);
}
