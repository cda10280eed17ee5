import { fromBech32, toHex } from '@cosmjs/encoding';

import type { Statement } from '../../../../verify/facts.ts';
import type { LightClient } from '../../source/light-client.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { saveFactProofs, saveLinkedHeader, saveTrustRoot, type FactProof } from '../../store/proofs/proof-store.ts';
import {
  eventsAt,
  heightsToProve,
  proposalsToProve,
  provenThrough,
  setProvenThrough,
  upgradesToProve,
  votesAt,
  type EventToProve,
  type ProposalToProve,
  type UpgradeToProve,
  type VoteToProve,
} from '../../store/proofs/proof-work.ts';
import type { Evidence, FactEvidence } from './fact-evidence.ts';

// The prover: right behind the tip, each vote and proposal event is proven from its own block,
// and each proposal record from the state the archive last read it in — while the node still
// keeps them. A fact the node cannot prove any more is kept, marked unproven with the reason.

const HEIGHTS_PER_TURN = 16;
const PROPOSALS_PER_TURN = 32;
const UPGRADES_PER_TURN = 32;

const idHex = (id: string) => BigInt(id).toString(16).padStart(16, '0');
export const proposalKeyHex = (id: string) => `3000${idHex(id)}`;
export const voteKeyHex = (proposalId: string, voter: string) =>
  `4000${idHex(proposalId)}${toHex(fromBech32(voter).data)}`;
/** x/upgrade's done marker: 0x01, the height it was applied at (8 bytes big-endian), the name. */
export const doneKeyHex = (name: string, height: string) =>
  `01${idHex(height)}${toHex(new TextEncoder().encode(name))}`;

const TX_CLAIMS: Record<string, (event: EventToProve) => Statement> = {
  submitted: (event) => ({ kind: 'submit-proposal', group_policy_address: event.policy_address }),
  executed: (event) => ({ kind: 'exec', proposal_id: event.proposal_id }),
  withdrawn: (event) => ({ kind: 'withdraw', proposal_id: event.proposal_id }),
};

function tallyText(finalTally: string): string {
  const tally = JSON.parse(finalTally) as Record<string, string>;
  return [tally.yes_count, tally.no_count, tally.abstain_count, tally.no_with_veto_count].join('/');
}

const proofOf = (subject: string, subjectKey: string, version: string, evidence: Evidence): FactProof => ({
  subject,
  subjectKey,
  height: evidence.height,
  verified: evidence.verified,
  recordVersion: version,
  evidence: evidence.verified ? evidence.fact : null,
  reason: evidence.verified ? null : evidence.reason,
});

export interface ProveTurn {
  /** Facts looked at this turn. */
  proven: number;
  /** A header the node served did not verify: the archive must stop believing it. */
  refusal: string | null;
}

export class ProvePipeline {
  constructor(
    private readonly db: ArchiveStore['db'],
    private readonly light: LightClient,
    private readonly evidence: FactEvidence,
  ) {}

  private rootSaved = false;

  /** One turn of work up to `tip` (the last block the archive committed). */
  async turn(tip: bigint, going: () => boolean = () => true): Promise<ProveTurn> {
    this.refusals.clear();
    this.linked.clear();
    this.evidence.forget();
    if (!this.rootSaved) {
      await saveTrustRoot(this.db, await this.light.trustRoot());
      this.rootSaved = true;
    }
    const after = (await provenThrough(this.db)) ?? 0n;
    const heights = await heightsToProve(this.db, after, tip - 1n, HEIGHTS_PER_TURN);
    const proofs: FactProof[] = [];
    for (const vote of await votesAt(this.db, heights)) {
      if (!going()) return { proven: 0, refusal: null };
      proofs.push(await this.vote(vote));
    }
    for (const event of await eventsAt(this.db, heights)) {
      if (!going()) return { proven: 0, refusal: null };
      proofs.push(await this.event(event));
    }
    for (const proposal of await proposalsToProve(this.db, tip, PROPOSALS_PER_TURN)) {
      if (!going()) return { proven: 0, refusal: null };
      const proof = await this.proposal(proposal, tip);
      if (proof) proofs.push(proof);
    }
    for (const upgrade of await upgradesToProve(this.db, tip, UPGRADES_PER_TURN)) {
      if (!going()) return { proven: 0, refusal: null };
      proofs.push(await this.upgrade(upgrade, tip));
    }
    for (const proof of proofs) {
      if (proof.verified && proof.evidence?.kind === 'tx') {
        const linked = await this.linkedOf(proof);
        if (linked) await saveLinkedHeader(this.db, linked.height, linked.hash, linked.header);
      }
    }
    await saveFactProofs(this.db, proofs);
    const lastHeight = heights.at(-1);
    // Nothing left below the tip: the cursor moves to it, so the next turn starts there.
    await setProvenThrough(this.db, heights.length < HEIGHTS_PER_TURN ? tip - 1n : (lastHeight ?? after));
    const refused = proofs.find((proof) => !proof.verified && this.refusals.has(proof));
    return { proven: proofs.length, refusal: refused?.reason ?? null };
  }

  private readonly refusals = new Set<FactProof>();
  private readonly linked = new Map<FactProof, Extract<Evidence, { verified: true }>['linked']>();

  private linkedOf(proof: FactProof) {
    return this.linked.get(proof) ?? null;
  }

  private record(subject: string, key: string, version: string, evidence: Evidence): FactProof {
    const proof = proofOf(subject, key, version, evidence);
    if (!evidence.verified && evidence.refused) this.refusals.add(proof);
    if (evidence.verified) this.linked.set(proof, evidence.linked);
    return proof;
  }

  private async vote(vote: VoteToProve): Promise<FactProof> {
    const key = `${vote.proposal_id}/${vote.voter}`;
    const claim = { kind: 'vote', proposal_id: vote.proposal_id, voter: vote.voter, option: vote.option };
    if (vote.tx_hash)
      return this.record(
        'vote',
        key,
        vote.option,
        await this.evidence.transaction(BigInt(vote.height), vote.tx_hash, claim),
      );
    if (vote.on_chain) {
      const evidence = await this.evidence.record(
        'group',
        voteKeyHex(vote.proposal_id, vote.voter),
        BigInt(vote.height),
        {
          ...claim,
          stored: 'yes',
        },
      );
      return this.record('vote', key, vote.option, evidence);
    }
    const reason =
      'the archive found this vote in the chain’s state when it began, and its proposal is no longer stored';
    return this.record('vote', key, vote.option, { verified: false, height: null, reason, refused: false });
  }

  private async event(event: EventToProve): Promise<FactProof> {
    const claim = TX_CLAIMS[event.kind]?.(event) ?? {};
    const evidence = await this.evidence.transaction(BigInt(event.height), event.tx_hash, claim);
    return this.record('event', `${event.proposal_id}/${event.height}/${event.seq}`, event.kind, evidence);
  }

  private async proposal(proposal: ProposalToProve, tip: bigint): Promise<FactProof | null> {
    const claim = {
      kind: 'proposal',
      proposal_id: proposal.id,
      stored: 'yes',
      status: proposal.status,
      final_tally: tallyText(proposal.final_tally),
    };
    // The state after the block of the record's last change holds the archive's record; a pruned
    // proposal's last stored state is the block before its pruning.
    const height = proposal.on_chain
      ? BigInt(proposal.last_height)
      : proposal.pruned_height === null
        ? null
        : BigInt(proposal.pruned_height) - 1n;
    if (height !== null && height >= tip) return null;
    if (height === null) {
      const reason = 'the proposal was pruned before the archive read it from the chain';
      return this.record('proposal', proposal.id, proposal.version, {
        verified: false,
        height: null,
        reason,
        refused: false,
      });
    }
    const evidence = await this.evidence.record('group', proposalKeyHex(proposal.id), height, claim);
    const executedAtOnce =
      !proposal.on_chain && proposal.pruned_height !== null && proposal.executed_height === proposal.pruned_height;
    if (!evidence.verified && !evidence.refused && executedAtOnce) {
      // x/group removes a proposal the moment it executes successfully: one decided and executed
      // in the block that removed it was never in a committed state as decided.
      const reason =
        `the chain decided, executed and removed this proposal in block ${proposal.pruned_height}: its final ` +
        'status and tally were never in a committed state; its execution is proven by its transaction, its tally by recounting its proven votes';
      return this.record('proposal', proposal.id, proposal.version, { ...evidence, reason });
    }
    return this.record('proposal', proposal.id, proposal.version, evidence);
  }

  /**
   * An applied upgrade by its done marker, in the state after the block that applied it; the
   * marker stays, so where the node no longer keeps that state, in the latest state it keeps.
   */
  private async upgrade(upgrade: UpgradeToProve, tip: bigint): Promise<FactProof> {
    const key = doneKeyHex(upgrade.name, upgrade.applied_height);
    const claim = { kind: 'upgrade-applied', name: upgrade.name, height: upgrade.applied_height, applied: 'yes' };
    let evidence = await this.evidence.record('upgrade', key, BigInt(upgrade.applied_height), claim);
    if (!evidence.verified && !evidence.refused && BigInt(upgrade.applied_height) < tip - 1n) {
      evidence = await this.evidence.record('upgrade', key, tip - 1n, claim);
    }
    return this.record('upgrade', upgrade.name, upgrade.applied_height, evidence);
  }
}
