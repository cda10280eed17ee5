import { encodeAccAddress } from '../lib/bech32-sdk.ts';
import { add, isNeg, isZero, parseDec, sub, text, ZERO, type Dec } from '../lib/dec.ts';
import { policyAddressBytes } from '../lib/policy-address.ts';
import { ChainError } from './chain-error.ts';
import { decide, validateDecisionPolicy } from './decision-policy.ts';
import {
  ZERO_TALLY,
  type AnyMsg,
  type DecisionPolicy,
  type GroupInfo,
  type Member,
  type Millis,
  type PolicyInfo,
  type Proposal,
  type Tally,
  type Vote,
  type VoteOption,
} from './records.ts';
import { SortedTable, TableMap, u64Key } from './sorted-table.ts';

const SMALL_LIMIT = 1n << 32n;
/** Whole weights below 2^32 also kept as numbers, so tallies add them without BigInt. */
const smallOf = (w: Dec): number | undefined =>
  w.exp === 0 && w.coef >= 0n && w.coef < SMALL_LIMIT ? Number(w.coef) : undefined;

/** A copy of a string in its own fresh memory. */
const fresh = (s: string) => Buffer.from(s, 'latin1').toString('latin1');

export const MAX_EXECUTION_PERIOD_S = 1209600;
export const MAX_METADATA_LEN = 255;
const MAX_EXECUTION_MS = MAX_EXECUTION_PERIOD_S * 1000;

export interface MemberInput {
  address: string;
  weight: string;
  metadata?: string;
}

export interface GroupState {
  seqs: [bigint, bigint, bigint];
  groups: GroupInfo[];
  members: Member[];
  policies: PolicyInfo[];
  proposals: Proposal[];
  votes: Vote[];
  balances: [string, bigint][];
  pendingAtEnd: bigint[];
}

const utf8Len = (s: string) => Buffer.byteLength(s, 'utf8');

function checkMetadata(s: string, what: string, limit = MAX_METADATA_LEN): void {
  if (utf8Len(s) > limit) throw new ChainError(`${what}: limit exceeded`);
}

/** Bech32 address text → index key bytes, for addresses this chain produced (always valid). */
function addressKey(address: string, book: Map<string, string>): string {
  const k = book.get(address);
  if (k === undefined) throw new ChainError(`unknown address ${address}`);
  return k;
}

/**
 * The x/group state machine: tables and secondary indexes laid out as the SDK's ORM orders
 * them, and the message handlers and end-blocker with the module's rules.
 */
export class GroupKeeper {
  readonly groups = new SortedTable<GroupInfo>();
  readonly groupsByAdmin = new TableMap<bigint>();
  readonly members = new TableMap<Member>();
  /** Point lookups of a member by group, for tallies over very many votes. */
  private readonly memberIndex = new Map<bigint, Map<string, Member>>();
  readonly groupsByMember = new TableMap<Member>();
  readonly policies = new Map<string, PolicyInfo>();
  readonly policiesByGroup = new TableMap<string>();
  readonly policiesByAdmin = new TableMap<string>();
  readonly proposals = new Map<bigint, Proposal>();
  readonly proposalsByPolicy = new TableMap<bigint>();
  readonly votesByProposal = new TableMap<Vote>();
  readonly votesByVoter = new TableMap<Vote>();
  /** Bank balances of policy accounts, in stake; they decide whether a MsgSend executes. */
  readonly balances = new Map<string, bigint>();
  /** Proposals still in voting, aborted or withdrawn: the only ones the end-blocker must look at. */
  private readonly pendingAtEnd = new Set<bigint>();
  private readonly tallyCache = new Map<bigint, { stamp: string; tally: Tally }>();

  groupSeq = 0n;
  policySeq = 0n;
  proposalSeq = 0n;

  constructor(private readonly book: Map<string, string>) {}

  private key(address: string): string {
    return addressKey(address, this.book);
  }

  group(id: bigint): GroupInfo | undefined {
    return this.groups.get(u64Key(id));
  }

  member(groupId: bigint, addrKey: string): Member | undefined {
    return this.memberIndex.get(groupId)?.get(addrKey);
  }

  proposal(id: bigint): Proposal | undefined {
    return this.proposals.get(id);
  }

  getVote(proposalId: bigint, voterKey: string): Vote | undefined {
    return this.votesByProposal.of(u64Key(proposalId)).get(u64Key(proposalId) + voterKey);
  }

  // ---- groups -------------------------------------------------------------------------

  createGroup(admin: string, members: MemberInput[], metadata: string, now: Millis): bigint {
    checkMetadata(metadata, 'group metadata');
    if (members.length === 0) throw new ChainError('group must not be empty');
    const id = ++this.groupSeq;
    let total: Dec = ZERO;
    const seen = new Set<string>();
    for (const m of members) {
      const w = parseDec(m.weight);
      if (!w || isNeg(w) || isZero(w)) throw new ChainError(`invalid member weight ${m.weight}`);
      const k = this.key(m.address);
      if (seen.has(k)) throw new ChainError('duplicate member');
      seen.add(k);
      checkMetadata(m.metadata ?? '', 'member metadata');
      total = add(total, w);
    }
    const info: GroupInfo = { id, admin, metadata, version: 1n, totalWeight: total, createdAt: now };
    this.groups.set(u64Key(id), info);
    this.groupsByAdmin.set(this.key(admin), u64Key(id), id);
    for (const m of members) this.putMember(id, m, now);
    return id;
  }

  /** Many members at once, for large scenarios; same result as createGroup, sorted once. */
  createLargeGroup(admin: string, members: MemberInput[], metadata: string, now: Millis): bigint {
    const id = ++this.groupSeq;
    let total: Dec = ZERO;
    const gk = u64Key(id);
    const rows: [string, Member][] = [];
    const index = new Map<string, Member>();
    for (const m of members) {
      const w = parseDec(m.weight);
      if (!w || isZero(w)) throw new ChainError(`invalid member weight ${m.weight}`);
      total = add(total, w);
      const key = this.key(m.address);
      const rec: Member = {
        groupId: id,
        address: m.address,
        key,
        weight: m.weight,
        w,
        small: smallOf(w),
        metadata: m.metadata ?? '',
        addedAt: now,
      };
      rows.push([gk + key, rec]);
      index.set(key, rec);
      this.groupsByMember.set(key, gk + key, rec);
    }
    this.members.ensure(gk).bulkLoad(rows);
    this.memberIndex.set(id, index);
    this.groups.set(gk, { id, admin, metadata, version: 1n, totalWeight: total, createdAt: now });
    this.groupsByAdmin.set(this.key(admin), gk, id);
    return id;
  }

  private putMember(groupId: bigint, m: MemberInput, now: Millis, addedAt?: Millis): Member {
    const key = this.key(m.address);
    const w = parseDec(m.weight);
    if (!w) throw new ChainError(`invalid weight ${m.weight}`);
    const rec: Member = {
      groupId,
      address: m.address,
      key,
      weight: m.weight,
      w,
      small: smallOf(w),
      metadata: m.metadata ?? '',
      addedAt: addedAt ?? now,
    };
    const rowKey = u64Key(groupId) + key;
    this.members.set(u64Key(groupId), rowKey, rec);
    this.groupsByMember.set(key, rowKey, rec);
    let idx = this.memberIndex.get(groupId);
    if (!idx) this.memberIndex.set(groupId, (idx = new Map()));
    idx.set(key, rec);
    return rec;
  }

  private removeMember(groupId: bigint, key: string): void {
    const rowKey = u64Key(groupId) + key;
    this.members.delete(u64Key(groupId), rowKey);
    this.groupsByMember.delete(key, rowKey);
    this.memberIndex.get(groupId)?.delete(key);
  }

  private bumpGroup(g: GroupInfo, patch: Partial<GroupInfo>): GroupInfo {
    const next = { ...g, ...patch, version: g.version + 1n };
    this.groups.set(u64Key(g.id), next);
    return next;
  }

  updateGroupMembers(groupId: bigint, updates: MemberInput[], now: Millis): void {
    const g = this.group(groupId);
    if (!g) throw new ChainError('group: not found');
    let total = g.totalWeight;
    for (const u of updates) {
      const w = parseDec(u.weight);
      if (!w || isNeg(w)) throw new ChainError(`invalid weight ${u.weight}`);
      checkMetadata(u.metadata ?? '', 'member metadata');
      const key = this.key(u.address);
      const existing = this.member(groupId, key);
      if (isZero(w)) {
        if (!existing) throw new ChainError('unknown member: not found');
        total = sub(total, existing.w);
        this.removeMember(groupId, key);
        continue;
      }
      if (existing) total = sub(total, existing.w);
      total = add(total, w);
      this.putMember(groupId, u, now, existing?.addedAt);
    }
    if (isZero(total)) throw new ChainError('group must not be empty');
    this.bumpGroup(g, { totalWeight: total });
    this.validatePoliciesOf(groupId);
  }

  updateGroupMetadata(groupId: bigint, metadata: string): void {
    checkMetadata(metadata, 'group metadata');
    const g = this.group(groupId);
    if (!g) throw new ChainError('group: not found');
    this.bumpGroup(g, { metadata });
  }

  /** LeaveGroup: unlike a member update, it may leave the group with total weight 0. */
  leaveGroup(groupId: bigint, address: string): void {
    const g = this.group(groupId);
    if (!g) throw new ChainError('group: not found');
    const key = this.key(address);
    const m = this.member(groupId, key);
    if (!m) throw new ChainError('group member: not found');
    this.removeMember(groupId, key);
    this.bumpGroup(g, { totalWeight: sub(g.totalWeight, m.w) });
  }

  private validatePoliciesOf(groupId: bigint): void {
    for (let i = 0, t = this.policiesByGroup.of(u64Key(groupId)); i < t.size; i++) {
      const p = this.policies.get(t.valueAt(i));
      const err = p && validateDecisionPolicy(p.decisionPolicy, MAX_EXECUTION_PERIOD_S);
      if (err) throw new ChainError(err);
    }
  }

  // ---- policies -----------------------------------------------------------------------

  createGroupPolicy(groupId: bigint, admin: string, metadata: string, policy: DecisionPolicy, now: Millis): string {
    checkMetadata(metadata, 'group policy metadata');
    if (!this.group(groupId)) throw new ChainError('group: not found');
    const err = validateDecisionPolicy(policy, MAX_EXECUTION_PERIOD_S);
    if (err) throw new ChainError(err);
    const bytes = policyAddressBytes(++this.policySeq);
    const address = encodeAccAddress(bytes);
    const key = bytes.toString('latin1');
    this.book.set(address, key);
    const info: PolicyInfo = {
      address,
      key,
      groupId,
      admin,
      metadata,
      version: 1n,
      decisionPolicy: policy,
      createdAt: now,
    };
    this.policies.set(key, info);
    this.policiesByGroup.set(u64Key(groupId), '\x20' + key, key);
    this.policiesByAdmin.set(this.key(admin), '\x20' + key, key);
    return address;
  }

  policyOf(address: string): PolicyInfo | undefined {
    return this.policies.get(this.key(address));
  }

  /** Any policy update bumps its version and aborts its proposals still in voting. */
  updateGroupPolicy(address: string, patch: { metadata?: string; decisionPolicy?: DecisionPolicy }): void {
    const p = this.policyOf(address);
    if (!p) throw new ChainError('group policy: not found');
    if (patch.metadata !== undefined) checkMetadata(patch.metadata, 'group policy metadata');
    if (patch.decisionPolicy) {
      const err = validateDecisionPolicy(patch.decisionPolicy, MAX_EXECUTION_PERIOD_S);
      if (err) throw new ChainError(err);
    }
    this.policies.set(p.key, { ...p, ...patch, version: p.version + 1n });
    const ids = this.proposalsByPolicy.of(p.key);
    for (let i = 0; i < ids.size; i++) {
      const prop = this.proposals.get(ids.valueAt(i));
      if (prop?.status === 'PROPOSAL_STATUS_SUBMITTED') this.store({ ...prop, status: 'PROPOSAL_STATUS_ABORTED' });
    }
  }

  // ---- proposals ----------------------------------------------------------------------

  private store(p: Proposal): void {
    this.proposals.set(p.id, p);
    if (p.status === 'PROPOSAL_STATUS_ACCEPTED' || p.status === 'PROPOSAL_STATUS_REJECTED')
      this.pendingAtEnd.delete(p.id);
  }

  submitProposal(
    input: {
      policyAddress: string;
      proposers: string[];
      metadata: string;
      messages: AnyMsg[];
      title: string;
      summary: string;
      exec?: boolean;
    },
    now: Millis,
  ): bigint {
    const policy = this.policyOf(input.policyAddress);
    if (!policy) throw new ChainError('group policy: not found');
    const g = this.group(policy.groupId);
    if (!g) throw new ChainError('group: not found');
    checkMetadata(input.metadata, 'metadata');
    checkMetadata(input.title, 'title');
    checkMetadata(input.summary, 'summary', MAX_METADATA_LEN * 40);
    if (input.proposers.length === 0) throw new ChainError('proposers: value is empty');
    if (new Set(input.proposers).size !== input.proposers.length) throw new ChainError('proposers: duplicate value');
    for (const p of input.proposers) {
      if (!this.member(g.id, this.key(p))) throw new ChainError(`not in group: ${p}`);
    }
    const id = ++this.proposalSeq;
    const prop: Proposal = {
      id,
      policyAddress: policy.address,
      metadata: input.metadata,
      proposers: input.proposers,
      submitTime: now,
      groupVersion: g.version,
      policyVersion: policy.version,
      status: 'PROPOSAL_STATUS_SUBMITTED',
      finalTally: ZERO_TALLY,
      votingPeriodEnd: now + policy.decisionPolicy.windows.votingPeriod * 1000,
      executorResult: 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
      messages: input.messages,
      title: input.title,
      summary: input.summary,
    };
    this.proposals.set(id, prop);
    this.proposalsByPolicy.set(policy.key, u64Key(id), id);
    this.pendingAtEnd.add(id);
    if (input.exec) {
      for (const p of input.proposers) this.castVote(id, p, 'VOTE_OPTION_YES', '', now);
      this.exec(id, now);
    }
    return id;
  }

  vote(proposalId: bigint, voter: string, option: VoteOption, metadata: string, now: Millis, exec = false): void {
    this.castVote(proposalId, voter, option, metadata, now);
    if (exec) this.exec(proposalId, now);
  }

  private castVote(proposalId: bigint, voter: string, option: VoteOption, metadata: string, now: Millis): void {
    checkMetadata(metadata, 'metadata');
    const p = this.proposals.get(proposalId);
    if (!p) throw new ChainError('load proposal: not found');
    if (p.status !== 'PROPOSAL_STATUS_SUBMITTED') throw new ChainError('proposal not open for voting');
    if (now > p.votingPeriodEnd) throw new ChainError('voting period has ended already');
    const policy = this.policies.get(this.key(p.policyAddress));
    if (!policy) throw new ChainError('group policy: not found');
    const voterKey = this.key(voter);
    if (!this.member(policy.groupId, voterKey)) throw new ChainError('voter: not found');
    const rowKey = u64Key(proposalId) + voterKey;
    const table = this.votesByProposal.ensure(u64Key(proposalId));
    if (table.get(rowKey)) throw new ChainError('store: unique constraint violation');
    const v: Vote = { proposalId, voter, voterKey, option, metadata, submitTime: now };
    table.set(rowKey, v);
    this.votesByVoter.set(voterKey, rowKey, v);
  }

  /** Bulk votes for large scenarios: every given member votes once, sorted once. */
  loadVotes(proposalId: bigint, votes: Vote[]): void {
    const pk = u64Key(proposalId);
    // Rows are (re)allocated in key order, so a page reads neighbouring memory rather than
    // objects scattered over the heap in insertion order.
    const sorted = [...votes].sort((a, b) => (a.voterKey < b.voterKey ? -1 : a.voterKey > b.voterKey ? 1 : 0));
    const rows: [string, Vote][] = sorted.map((v) => [pk + v.voterKey, { ...v, voter: fresh(v.voter) }]);
    this.votesByProposal.ensure(pk).bulkLoad(rows);
    for (const [rowKey, v] of rows) this.votesByVoter.set(v.voterKey, rowKey, v);
  }

  /** Live tally: votes weighted by the voter's current weight, former members skipped. */
  tally(p: Proposal): Tally {
    if (p.status !== 'PROPOSAL_STATUS_SUBMITTED') return p.finalTally;
    const policy = this.policies.get(this.key(p.policyAddress));
    const g = policy && this.group(policy.groupId);
    if (!policy || !g) throw new ChainError('group policy: not found');
    const votes = this.votesByProposal.of(u64Key(p.id));
    const stamp = `${g.version}:${votes.size}`;
    const cached = this.tallyCache.get(p.id);
    if (cached?.stamp === stamp) return cached.tally;
    // Small whole weights are added as numbers (flushed to BigInt long before 2^53), the rest per
    // exponent as BigInt; combining them gives the same exact value and scale as adding the
    // decimals one by one, for a million votes in a fraction of the time.
    const OPTIONS: VoteOption[] = [
      'VOTE_OPTION_YES',
      'VOTE_OPTION_ABSTAIN',
      'VOTE_OPTION_NO',
      'VOTE_OPTION_NO_WITH_VETO',
    ];
    const slot: Record<VoteOption, number> = {
      VOTE_OPTION_YES: 0,
      VOTE_OPTION_ABSTAIN: 1,
      VOTE_OPTION_NO: 2,
      VOTE_OPTION_NO_WITH_VETO: 3,
    };
    const smallSums = [0, 0, 0, 0];
    const byExp = OPTIONS.map(() => new Map<number, bigint>());
    const addBig = (i: number, exp: number, coef: bigint) => byExp[i].set(exp, (byExp[i].get(exp) ?? 0n) + coef);
    const index = this.memberIndex.get(g.id);
    for (let i = 0; i < votes.size; i++) {
      const v = votes.valueAt(i);
      const m = index?.get(v.voterKey);
      if (!m) continue;
      const o = slot[v.option];
      if (m.small === undefined) addBig(o, m.w.exp, m.w.coef);
      else if ((smallSums[o] += m.small) >= 2 ** 52) {
        addBig(o, 0, BigInt(smallSums[o]));
        smallSums[o] = 0;
      }
    }
    const total = (o: VoteOption) => {
      const i = slot[o];
      if (smallSums[i] > 0) addBig(i, 0, BigInt(smallSums[i]));
      return text([...byExp[i]].reduce<Dec>((sum, [exp, coef]) => add(sum, { coef, exp }), ZERO));
    };
    const tally: Tally = {
      yes: total('VOTE_OPTION_YES'),
      abstain: total('VOTE_OPTION_ABSTAIN'),
      no: total('VOTE_OPTION_NO'),
      veto: total('VOTE_OPTION_NO_WITH_VETO'),
    };
    this.tallyCache.set(p.id, { stamp, tally });
    return tally;
  }

  private pruneVotes(proposalId: bigint): void {
    const pk = u64Key(proposalId);
    const t = this.votesByProposal.of(pk);
    for (let i = 0; i < t.size; i++) this.votesByVoter.delete(t.valueAt(i).voterKey, t.keyAt(i));
    for (const k of t.values().map((v) => pk + v.voterKey)) this.votesByProposal.delete(pk, k);
    this.tallyCache.delete(proposalId);
  }

  private pruneProposal(p: Proposal): void {
    this.pruneVotes(p.id);
    this.proposals.delete(p.id);
    this.proposalsByPolicy.delete(this.key(p.policyAddress), u64Key(p.id));
    this.pendingAtEnd.delete(p.id);
  }

  private tallyAndUpdate(p: Proposal, now: Millis): Proposal {
    const policy = this.policies.get(this.key(p.policyAddress));
    const g = policy && this.group(policy.groupId);
    let next: Proposal;
    try {
      if (!policy || !g) throw new Error('missing policy');
      const tally = this.tally(p);
      const result = decide(policy.decisionPolicy, tally, g.totalWeight);
      if (!result.final && !(now > p.votingPeriodEnd)) return p;
      next = {
        ...p,
        finalTally: tally,
        status: result.allow ? 'PROPOSAL_STATUS_ACCEPTED' : 'PROPOSAL_STATUS_REJECTED',
      };
    } catch {
      next = { ...p, status: 'PROPOSAL_STATUS_REJECTED' };
    }
    this.pruneVotes(p.id);
    this.store(next);
    return next;
  }

  exec(proposalId: bigint, now: Millis): void {
    let p = this.proposals.get(proposalId);
    if (!p) throw new ChainError('load proposal: not found');
    if (p.status !== 'PROPOSAL_STATUS_SUBMITTED' && p.status !== 'PROPOSAL_STATUS_ACCEPTED') {
      throw new ChainError(`not possible to exec with proposal status ${p.status}`);
    }
    if (p.status === 'PROPOSAL_STATUS_SUBMITTED') p = this.tallyAndUpdate(p, now);
    if (p.status !== 'PROPOSAL_STATUS_ACCEPTED' || p.executorResult === 'PROPOSAL_EXECUTOR_RESULT_SUCCESS') return;
    const policy = this.policies.get(this.key(p.policyAddress));
    const ok = policy !== undefined && this.runMessages(p, policy, now);
    const done: Proposal = {
      ...p,
      executorResult: ok ? 'PROPOSAL_EXECUTOR_RESULT_SUCCESS' : 'PROPOSAL_EXECUTOR_RESULT_FAILURE',
    };
    if (ok) this.pruneProposal(done);
    else this.store(done);
  }

  /** Executes the bank sends of a proposal atomically; any other message type succeeds. */
  private runMessages(p: Proposal, policy: PolicyInfo, now: Millis): boolean {
    if (now < p.submitTime + policy.decisionPolicy.windows.minExecutionPeriod * 1000) return false;
    if (now > p.votingPeriodEnd + MAX_EXECUTION_MS) return false;
    let balance = this.balances.get(policy.key) ?? 0n;
    for (const m of p.messages) {
      if (m['@type'] !== '/cosmos.bank.v1beta1.MsgSend') continue;
      const coins = m.amount as { denom: string; amount: string }[];
      for (const c of coins) balance -= BigInt(c.amount);
      if (balance < 0n) return false;
    }
    this.balances.set(policy.key, balance);
    return true;
  }

  withdraw(proposalId: bigint, address: string): void {
    const p = this.proposals.get(proposalId);
    if (!p) throw new ChainError('load proposal: not found');
    if (p.status !== 'PROPOSAL_STATUS_SUBMITTED')
      throw new ChainError('cannot withdraw a proposal with the status of ' + p.status);
    const policy = this.policies.get(this.key(p.policyAddress));
    if (address !== policy?.admin && !p.proposers.includes(address)) throw new ChainError('unauthorized');
    this.store({ ...p, status: 'PROPOSAL_STATUS_WITHDRAWN' });
  }

  /** TallyProposalsAtVPEnd then PruneProposals, as the module's EndBlocker runs them. */
  endBlock(now: Millis): void {
    const due = [...this.pendingAtEnd].filter((id) => {
      const p = this.proposals.get(id);
      return p !== undefined && p.votingPeriodEnd < now;
    });
    due.sort((a, b) => (a < b ? -1 : 1));
    for (const id of due) {
      const p = this.proposals.get(id);
      if (!p) continue;
      if (p.status === 'PROPOSAL_STATUS_ABORTED' || p.status === 'PROPOSAL_STATUS_WITHDRAWN') this.pruneProposal(p);
      else if (p.status === 'PROPOSAL_STATUS_SUBMITTED') this.tallyAndUpdate(p, now);
      this.pendingAtEnd.delete(id);
    }
    for (const p of this.proposals.values()) {
      if (p.votingPeriodEnd < now - MAX_EXECUTION_MS) this.pruneProposal(p);
    }
  }

  /** Everything that defines the state (indexes are derived), in an order that replays identically. */
  exportState(): GroupState {
    const members: Member[] = [];
    for (let i = 0; i < this.groups.size; i++) {
      const t = this.members.of(this.groups.keyAt(i));
      for (let j = 0; j < t.size; j++) members.push(t.valueAt(j));
    }
    const votes: Vote[] = [];
    for (const id of this.proposals.keys()) {
      const t = this.votesByProposal.of(u64Key(id));
      for (let j = 0; j < t.size; j++) votes.push(t.valueAt(j));
    }
    return {
      seqs: [this.groupSeq, this.policySeq, this.proposalSeq],
      groups: this.groups.values(),
      members,
      policies: [...this.policies.values()],
      proposals: [...this.proposals.values()],
      votes,
      balances: [...this.balances.entries()],
      pendingAtEnd: [...this.pendingAtEnd],
    };
  }

  importState(st: GroupState): void {
    [this.groupSeq, this.policySeq, this.proposalSeq] = st.seqs;
    for (const g of st.groups) {
      this.groups.set(u64Key(g.id), g);
      this.groupsByAdmin.set(this.key(g.admin), u64Key(g.id), g.id);
    }
    for (const m of st.members) this.putMember(m.groupId, m, m.addedAt, m.addedAt);
    for (const p of st.policies) {
      this.policies.set(p.key, p);
      this.policiesByGroup.set(u64Key(p.groupId), '\x20' + p.key, p.key);
      this.policiesByAdmin.set(this.key(p.admin), '\x20' + p.key, p.key);
    }
    for (const p of st.proposals) {
      this.proposals.set(p.id, p);
      this.proposalsByPolicy.set(this.key(p.policyAddress), u64Key(p.id), p.id);
    }
    for (const v of st.votes) {
      const rowKey = u64Key(v.proposalId) + v.voterKey;
      this.votesByProposal.set(u64Key(v.proposalId), rowKey, v);
      this.votesByVoter.set(v.voterKey, rowKey, v);
    }
    for (const [k, b] of st.balances) this.balances.set(k, b);
    for (const id of st.pendingAtEnd) this.pendingAtEnd.add(id);
  }
}
