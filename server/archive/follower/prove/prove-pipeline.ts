import type { Statement } from '../../../../verify/records/facts.ts';
import { inParallel } from '../../../lib/in-parallel.ts';
import type { LightClient } from '../../source/trust/light-client.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { balancesToProve } from '../../store/proofs/balance-work.ts';
import { saveFactProofs, type FactProof } from '../../store/proofs/fact-proofs.ts';
import { saveLinkedHeaders } from '../../store/proofs/proof-store.ts';
import {
  eventsAt,
  groupStoreTip,
  heightsToProve,
  memberProofKey,
  membersToProve,
  policiesToProve,
  proposalsToProve,
  provenThrough,
  setProvenThrough,
  upgradesToProve,
  votesAt,
  type EventToProve,
  type MemberToProve,
  type PolicyToProve,
  type ProposalToProve,
  type UpgradeToProve,
  type VoteToProve,
} from '../../store/proofs/proof-work.ts';
import {
  groupRangesToProve,
  voteRangesToProve,
  type GroupRangeToProve,
  type VoteRangeToProve,
} from '../../store/proofs/range-work.ts';
import { decisionPolicyClaim, tallyText, TX_CLAIMS } from './fact-claims.ts';
import type { Evidence, FactEvidence } from './fact-evidence.ts';
import { refusalWords } from './refusal-words.ts';
import { doneKeyHex, memberKeyHex, policyKeyHex, proposalKeyHex, voteKeyHex } from './store-keys.ts';
import { walkGroupRanges, walkTreasury, walkVoteRange } from './vote-ranges.ts';

// The prover: right behind the tip, each vote and proposal event is proven from its own block,
// and each proposal record from the state the archive last read it in — while the node still
// keeps them. A fact the node cannot prove any more is kept, marked unproven with the reason.

export const HEIGHTS_PER_TURN = 64;
const PROPOSALS_PER_TURN = 128;
const UPGRADES_PER_TURN = 128;
const MEMBERS_PER_TURN = 256;
const POLICIES_PER_TURN = 64;
const VOTE_RANGES_PER_TURN = 4;
/**
 * Facts proven at once: a store record is one read, a transaction a few (shared with the other
 * facts of its block), so some two JSON-RPC batches of ten are in flight — one answered while the
 * next is asked — and the node is not flooded.
 */
const READS_AT_ONCE = 20;
/**
 * While the archive catches up on history, fewer: the prover stays close behind without taking
 * the node and the processor from the backfill (which verifies every header it merges itself).
 */
const READS_AT_ONCE_BEHIND_BACKFILL = 4;

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

  /** One turn of work up to `tip` (the last block the archive committed). */
  async turn(tip: bigint, going: () => boolean = () => true, backfilling = false): Promise<ProveTurn> {
    const atOnce = backfilling ? READS_AT_ONCE_BEHIND_BACKFILL : READS_AT_ONCE;
    this.refusals.clear();
    this.linked.clear();
    this.evidence.forget();
    const after = (await provenThrough(this.db)) ?? 0n;
    const heights = await heightsToProve(this.db, after, tip - 1n, HEIGHTS_PER_TURN);
    const groupTip = await groupStoreTip(this.db, tip);
    // Every fact of these heights side by side: those of one block share its reads (FactEvidence.once).
    const facts: (() => Promise<FactProof>)[] = [
      ...(await votesAt(this.db, heights)).map((vote) => () => this.vote(vote)),
      ...(await eventsAt(this.db, heights)).map((event) => () => this.event(event)),
    ];
    const proofs: FactProof[] = await inParallel(facts, atOnce, (prove) => prove(), going);
    const proposals = await proposalsToProve(this.db, groupTip, PROPOSALS_PER_TURN);
    const provenProposals = await inParallel(proposals, atOnce, (proposal) => this.proposal(proposal, groupTip), going);
    proofs.push(...provenProposals.filter((proof): proof is FactProof => proof !== null));
    const upgrades = await upgradesToProve(this.db, tip, UPGRADES_PER_TURN);
    proofs.push(...(await inParallel(upgrades, atOnce, (upgrade) => this.upgrade(upgrade, tip), going)));
    // Current records, all in the latest state below the tip that holds x/group: one header vouches for them all.
    const members = await membersToProve(this.db, groupTip, MEMBERS_PER_TURN);
    proofs.push(...(await inParallel(members, atOnce, (member) => this.member(member, groupTip), going)));
    const policies = await policiesToProve(this.db, groupTip, POLICIES_PER_TURN);
    proofs.push(...(await inParallel(policies, atOnce, (policy) => this.policy(policy, groupTip), going)));
    // Treasuries live in x/bank, which outlives x/group: proven at the archive's own tip.
    const treasuries = await balancesToProve(this.db, tip, POLICIES_PER_TURN);
    proofs.push(...(await inParallel(treasuries, VOTE_RANGES_PER_TURN, (at) => this.treasury(at, tip - 1n), going)));
    // A few proposals' vote sets, walked key by key: each walk is sequential, so they go side by side.
    const ranges = await voteRangesToProve(this.db, groupTip, VOTE_RANGES_PER_TURN);
    proofs.push(...(await inParallel(ranges, VOTE_RANGES_PER_TURN, (range) => this.voteRange(range), going)).flat());
    const groups = await groupRangesToProve(this.db, groupTip, VOTE_RANGES_PER_TURN);
    proofs.push(
      ...(await inParallel(groups, VOTE_RANGES_PER_TURN, (group) => this.groupRange(group, groupTip), going)).flat(),
    );
    // Stopped part way: what was not read is left for the next turn, nothing half-saved.
    if (!going()) return { proven: 0, refusal: null };
    await this.light.saved();
    await saveLinkedHeaders(
      this.db,
      proofs.flatMap((proof) => {
        const linked = proof.verified && proof.evidence?.kind === 'tx' ? this.linkedOf(proof) : null;
        return linked ? [linked] : [];
      }),
    );
    await saveFactProofs(this.db, proofs);
    const lastHeight = heights.at(-1);
    // Nothing left below the tip: the cursor moves to it, so the next turn starts there.
    await setProvenThrough(this.db, heights.length < HEIGHTS_PER_TURN ? tip - 1n : (lastHeight ?? after));
    const refused = proofs.find((proof) => !proof.verified && this.refusals.has(proof));
    return { proven: proofs.length, refusal: refused ? refusalWords(refused) : null };
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
        'status and tally were never in a committed state, so no store proof of them can exist; what proves its execution is its transaction, ' +
        'and its tally only a recount of its votes — each listed with this bundle where the archive has proven it, and absent where not';
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
    const evidence = await this.current('upgrade', key, BigInt(upgrade.applied_height), tip, claim);
    return this.record('upgrade', upgrade.name, upgrade.applied_height, evidence);
  }

  /**
   * A record in the state after `height`, or — where the node no longer keeps that state — in the
   * latest state below the tip: the archive holds the record as current, so that state holds it too.
   * (Members and policies are current records: they are proven in that state at once.)
   */
  private async current(store: string, key: string, height: bigint, tip: bigint, claim: Statement) {
    const evidence = await this.evidence.record(store, key, height, claim);
    if (evidence.verified || evidence.refused || height >= tip - 1n) return evidence;
    return this.evidence.record(store, key, tip - 1n, claim);
  }

  private async member(member: MemberToProve, tip: bigint): Promise<FactProof> {
    const claim = {
      kind: 'member',
      group_id: member.group_id,
      address: member.address,
      weight: member.weight,
      stored: 'yes',
    };
    const key = memberKeyHex(member.group_id, member.address);
    const evidence = await this.evidence.record('group', key, tip - 1n, claim);
    return this.record('member', memberProofKey(member.group_id, member.address), member.weight, evidence);
  }

  private async policy(policy: PolicyToProve, tip: bigint): Promise<FactProof> {
    const claim = {
      kind: 'policy',
      address: policy.address,
      group_id: policy.group_id,
      admin: policy.admin,
      version: policy.version,
      decision_policy: decisionPolicyClaim(policy.decision_policy),
      stored: 'yes',
    };
    const evidence = await this.evidence.record('group', policyKeyHex(policy.address), tip - 1n, claim);
    return this.record('policy', policy.address, policy.version, evidence);
  }

  private async treasury(address: string, height: bigint): Promise<FactProof> {
    return this.record('balance-range', address, String(height), await walkTreasury(this.evidence, address, height));
  }

  /** A proposal's vote set and its group's member set, walked (see vote-ranges.ts). */
  private async groupRange(range: GroupRangeToProve, tip: bigint): Promise<FactProof[]> {
    const walked = await walkGroupRanges(this.evidence, range, tip - 1n);
    return [
      this.record('group-member-range', range.id, range.version, walked.members),
      this.record('group-policy-range', range.id, range.version, walked.policies),
      ...walked.proposals.map((policy) =>
        this.record('policy-proposal-range', policy.address, range.version, policy.evidence),
      ),
      this.record('proposal-sequence', range.id, range.version, walked.sequence),
    ];
  }

  private async voteRange(range: VoteRangeToProve): Promise<FactProof[]> {
    const walked = await walkVoteRange(this.evidence, range);
    return [
      this.record('vote-range', range.id, walked.version, walked.votes),
      this.record('member-range', range.id, walked.version, walked.members),
      this.record('range-proposal', range.id, walked.version, walked.proposal),
      this.record('range-policy', range.id, walked.version, walked.policy),
    ];
  }
}
