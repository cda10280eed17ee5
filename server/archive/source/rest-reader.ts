import type { NodeGroup, NodeMember, NodePlan, NodePolicy, NodeProposal, NodeVote } from '../node-records.ts';
import { UntrustedAnswerError } from './block-check.ts';
import { httpGet } from './http-get.ts';
import { withRetry } from './retry.ts';

// Reads of the node's REST API pinned to one height (`x-cosmos-block-height`), with every list
// walked through all its pages. The archive trusts these records as the chain's own.

/** A read the node could not answer at that height (pruned state, or a failing node). */
export class NodeReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly pruned: boolean,
  ) {
    super(message);
  }
}

const PAGE = 500;

/**
 * The record an answer holds: null for "not found", and a fault (retried, never stored) for a
 * 200 without it (`{}`, a stub) or with another record than the one asked for.
 */
function record<Field extends string, T>(
  path: string,
  height: bigint,
  answer: Partial<Record<Field, T>> | null,
  field: Field,
  isAskedFor: (value: T) => boolean,
): T | null {
  if (answer === null) return null;
  const value: T | undefined = answer[field];
  if (value === undefined || value === null || typeof value !== 'object') {
    throw new UntrustedAnswerError(`${path} at height ${height}: the node's answer holds no ${field}`);
  }
  if (!isAskedFor(value))
    throw new UntrustedAnswerError(`${path} at height ${height}: the node answered another record`);
  return value;
}

export class RestReader {
  constructor(
    private readonly base: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /**
   * GET at a height; null for the node's "not found" answers; passing failures are retried, all
   * within the reader's deadline: a node dripping its answers cannot hold a read for longer.
   */
  private get<T>(path: string, height: bigint): Promise<T | null> {
    return withRetry(
      (remainingMs) => this.getOnce<T>(path, height, remainingMs),
      // 501 is a route the node does not have (a module an upgrade removed): asking again cannot help.
      (error) => error instanceof NodeReadError && (error.pruned || error.status < 500 || error.status === 501),
      { deadline: { ms: this.timeoutMs, what: `${path} at height ${height}` } },
    );
  }

  private async getOnce<T>(path: string, height: bigint, timeoutMs: number): Promise<T | null> {
    const response = await httpGet(
      this.base.replace(/\/$/, '') + path,
      { 'x-cosmos-block-height': String(height), accept: 'application/json' },
      timeoutMs,
    );
    const text = response.text;
    if (response.status >= 200 && response.status < 300) {
      if (response.blockHeight !== undefined && response.blockHeight !== String(height)) {
        throw new UntrustedAnswerError(`${path}: asked at height ${height}, answered at ${response.blockHeight}`);
      }
      return JSON.parse(text) as T;
    }
    let message = text.slice(0, 300);
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the text
    }
    if (/not found/.test(message) && response.status === 500) return null;
    const pruned = /failed to load state at height|version does not exist/.test(message);
    throw new NodeReadError(`${path} at height ${height}: ${response.status} ${message}`, response.status, pruned);
  }

  private async all<T>(path: string, field: string, height: bigint): Promise<T[]> {
    const rows: T[] = [];
    let key: string | null = null;
    const seen = new Set<string>();
    do {
      const query: string =
        key === null
          ? `?pagination.limit=${PAGE}`
          : `?pagination.limit=${PAGE}&pagination.key=${encodeURIComponent(key)}`;
      const page: Record<string, unknown> | null = await this.get<Record<string, unknown>>(path + query, height);
      if (!page) break;
      rows.push(...((page[field] as T[] | undefined) ?? []));
      key = (page.pagination as { next_key: string | null } | undefined)?.next_key ?? null;
      // A node that repeats a page (as /groups ignores the key) is walked by offset instead.
      if (key !== null && seen.has(key)) return this.allByOffset<T>(path, field, height);
      if (key !== null) seen.add(key);
    } while (key !== null);
    return rows;
  }

  private async allByOffset<T>(path: string, field: string, height: bigint): Promise<T[]> {
    const rows: T[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.get<Record<string, unknown>>(
        `${path}?pagination.limit=${PAGE}&pagination.offset=${offset}`,
        height,
      );
      const items = (page?.[field] as T[] | undefined) ?? [];
      rows.push(...items);
      if (items.length < PAGE) return rows;
    }
  }

  groups = (height: bigint) => this.all<NodeGroup>('/cosmos/group/v1/groups', 'groups', height);

  async group(id: string, height: bigint): Promise<NodeGroup | null> {
    const path = `/cosmos/group/v1/group_info/${id}`;
    return record(path, height, await this.get<{ info?: NodeGroup }>(path, height), 'info', (info) => info.id === id);
  }

  async members(groupId: string, height: bigint): Promise<NodeMember[]> {
    const rows = await this.all<{ member: NodeMember }>(`/cosmos/group/v1/group_members/${groupId}`, 'members', height);
    return rows.map((row) => row.member);
  }

  policiesOf = (groupId: string, height: bigint) =>
    this.all<NodePolicy>(`/cosmos/group/v1/group_policies_by_group/${groupId}`, 'group_policies', height);

  async policy(address: string, height: bigint): Promise<NodePolicy | null> {
    const path = `/cosmos/group/v1/group_policy_info/${address}`;
    const answer = await this.get<{ info?: NodePolicy }>(path, height);
    return record(path, height, answer, 'info', (info) => info.address === address);
  }

  proposalsOf = (policy: string, height: bigint) =>
    this.all<NodeProposal>(`/cosmos/group/v1/proposals_by_group_policy/${policy}`, 'proposals', height);

  async proposal(id: string, height: bigint): Promise<NodeProposal | null> {
    const path = `/cosmos/group/v1/proposal/${id}`;
    const answer = await this.get<{ proposal?: NodeProposal }>(path, height);
    return record(path, height, answer, 'proposal', (proposal) => proposal.id === id);
  }

  votesOf = (proposalId: string, height: bigint) =>
    this.all<NodeVote>(`/cosmos/group/v1/votes_by_proposal/${proposalId}`, 'votes', height);

  async currentPlan(height: bigint): Promise<NodePlan | null> {
    return (await this.get<{ plan: NodePlan | null }>('/cosmos/upgrade/v1beta1/current_plan', height))?.plan ?? null;
  }

  /**
   * Whether the node's software still serves x/group's queries. One that an upgrade removed the
   * module from has no route for them at any height, before the upgrade included: it answers 501.
   * Any other failure is left to the reads that need the module, which say what went wrong.
   */
  async servesGroup(height: bigint): Promise<boolean> {
    try {
      // group_info is in every SDK version with x/group (a chain with no group 1 answers "not found").
      await this.get('/cosmos/group/v1/group_info/1', height);
      return true;
    } catch (error) {
      return !(error instanceof NodeReadError && error.status === 501);
    }
  }

  /** Whether the node still keeps the state at `height` (a pruned node answers "failed to load state"). */
  async hasStateAt(height: bigint): Promise<boolean> {
    try {
      await this.currentPlan(height);
      return true;
    } catch (error) {
      if (error instanceof NodeReadError && error.pruned) return false;
      throw error;
    }
  }

  async appliedHeight(name: string, height: bigint): Promise<bigint> {
    const answer = await this.get<{ height: string }>(
      `/cosmos/upgrade/v1beta1/applied_plan/${encodeURIComponent(name)}`,
      height,
    );
    return BigInt(answer?.height ?? '0');
  }

  async moduleVersions(height: bigint): Promise<{ name: string; version: string }[]> {
    const answer = await this.get<{ module_versions: { name: string; version: string }[] }>(
      '/cosmos/upgrade/v1beta1/module_versions',
      height,
    );
    return answer?.module_versions ?? [];
  }

  /**
   * Staking's unbonding time in seconds (`/cosmos/staking/v1beta1/params`), from which the light
   * client's trusting period follows; null when the node does not say (no x/staking, an error).
   */
  async unbondingSeconds(): Promise<bigint | null> {
    try {
      const response = await httpGet(
        `${this.base.replace(/\/$/, '')}/cosmos/staking/v1beta1/params`,
        { accept: 'application/json' },
        this.timeoutMs,
        64 * 1024,
      );
      if (response.status !== 200) return null;
      const answer = JSON.parse(response.text) as { params?: { unbonding_time?: unknown } };
      const match = /^(\d{1,12})(?:\.\d+)?s$/.exec(String(answer.params?.unbonding_time ?? ''));
      return match && BigInt(match[1]) > 0n ? BigInt(match[1]) : null;
    } catch {
      return null;
    }
  }
}
