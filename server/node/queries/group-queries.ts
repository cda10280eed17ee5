import { unknownError } from '../../lib/grpc-status.ts';
import { ChainError } from '../chain/chain-error.ts';
import type { GroupView } from '../chain/group/group-view.ts';
import { tallyOf } from '../chain/group/tally.ts';
import type { GroupInfo, Member, PolicyInfo, Proposal, Tally, Vote } from '../chain/records.ts';
import { mapPage, paginate, type Page, type PaginationMode } from '../store/paginate.ts';
import { addressKeyOf, notFound } from './query-errors.ts';
import type { AddressRequest, GroupIdRequest, Paginated, ProposalIdRequest, VoteRequest } from './requests.ts';

/**
 * x/group's Query service (the SDK's grpc_query.go): one method per RPC, reading one block's
 * state. Pages follow the group ORM; rows that an index names are looked up in their table.
 */
export class GroupQueries {
  constructor(
    private readonly store: GroupView,
    private readonly mode: PaginationMode,
  ) {}

  async groupInfo({ groupId }: GroupIdRequest): Promise<GroupInfo> {
    const group = this.store.group(groupId);
    if (!group) throw notFound('group');
    return group;
  }

  async groupPolicyInfo({ address }: AddressRequest): Promise<PolicyInfo> {
    const policy = this.store.policyByKey(addressKeyOf(address));
    if (!policy) throw notFound('group policy');
    return policy;
  }

  async groupMembers({ groupId, pagination }: GroupIdRequest & Paginated): Promise<Page<Member>> {
    return paginate(this.store.membersOf(groupId), pagination, this.mode);
  }

  async groupsByAdmin({ address, pagination }: AddressRequest & Paginated): Promise<Page<GroupInfo>> {
    const ids = paginate(this.store.groupsByAdmin(addressKeyOf(address)), pagination, this.mode);
    return mapPage(ids, (id) => this.store.group(id));
  }

  /** On a node /groups never seeks to the key (its iterator is built without it). */
  async groups({ pagination }: Paginated): Promise<Page<GroupInfo>> {
    return paginate(this.store.groups, pagination, this.mode, this.mode === 'sdk');
  }

  async groupsByMember({ address, pagination }: AddressRequest & Paginated): Promise<Page<GroupInfo>> {
    const memberships = paginate(this.store.groupsByMember(addressKeyOf(address)), pagination, this.mode);
    return mapPage(memberships, (member) => this.store.group(member.groupId));
  }

  async groupPoliciesByGroup({ groupId, pagination }: GroupIdRequest & Paginated): Promise<Page<PolicyInfo>> {
    const keys = paginate(this.store.policiesByGroup(groupId), pagination, this.mode);
    return mapPage(keys, (key) => this.store.policyByKey(key));
  }

  async groupPoliciesByAdmin({ address, pagination }: AddressRequest & Paginated): Promise<Page<PolicyInfo>> {
    const keys = paginate(this.store.policiesByAdmin(addressKeyOf(address)), pagination, this.mode);
    return mapPage(keys, (key) => this.store.policyByKey(key));
  }

  async proposal({ proposalId }: ProposalIdRequest): Promise<Proposal> {
    return this.loadProposal(proposalId);
  }

  async tallyResult({ proposalId }: ProposalIdRequest): Promise<Tally> {
    const proposal = this.loadProposal(proposalId);
    if (proposal.status === 'PROPOSAL_STATUS_WITHDRAWN' || proposal.status === 'PROPOSAL_STATUS_ABORTED') {
      throw unknownError(
        `codespace group code 6: invalid value: can't get the tally of a proposal with status ${proposal.status}`,
      );
    }
    try {
      return tallyOf(this.store, proposal);
    } catch (error) {
      if (error instanceof ChainError) throw unknownError(error.message);
      throw error;
    }
  }

  async proposalsByGroupPolicy({ address, pagination }: AddressRequest & Paginated): Promise<Page<Proposal>> {
    const ids = paginate(this.store.proposalsByPolicy(addressKeyOf(address)), pagination, this.mode);
    return mapPage(ids, (id) => this.store.proposal(id));
  }

  async voteByProposalVoter({ proposalId, voter }: VoteRequest): Promise<Vote> {
    const vote = this.store.vote(proposalId, addressKeyOf(voter));
    if (!vote) throw notFound();
    return vote;
  }

  async votesByProposal({ proposalId, pagination }: ProposalIdRequest & Paginated): Promise<Page<Vote>> {
    return paginate(this.store.votesOf(proposalId), pagination, this.mode);
  }

  async votesByVoter({ address, pagination }: AddressRequest & Paginated): Promise<Page<Vote>> {
    return paginate(this.store.votesByVoter(addressKeyOf(address)), pagination, this.mode);
  }

  private loadProposal(id: bigint): Proposal {
    const proposal = this.store.proposal(id);
    if (!proposal) throw notFound('load proposal');
    return proposal;
  }
}
