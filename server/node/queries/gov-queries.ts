import { internalError, invalidArgument, notFoundStatus } from '../../lib/grpc-status.ts';
import { GOV_STATUS_NUMBERS, type GovProposal } from '../chain/gov/gov-records.ts';
import { tallyVotes } from '../chain/gov/gov-tally.ts';
import type { GovView } from '../chain/gov/gov-view.ts';
import { ZERO_TALLY, type Tally } from '../chain/records.ts';
import { decodeAccAddress } from '../lib/bech32-sdk.ts';
import { collectionPaginate } from '../store/collection-paginate.ts';
import type { Page } from '../store/paginate.ts';
import type { GovProposalsRequest, ProposalIdRequest } from './requests.ts';

const FINAL_STATUSES = new Set(['PROPOSAL_STATUS_PASSED', 'PROPOSAL_STATUS_REJECTED', 'PROPOSAL_STATUS_FAILED']);

/** The address codec's bytes, or its error as the filter's failure (a plain error: Internal). */
function filterKey(address: string): string {
  const decoded = decodeAccAddress(address);
  if (!Buffer.isBuffer(decoded)) throw internalError(decoded.message);
  return decoded.toString('latin1');
}

/**
 * x/gov's Query service (v1). Unlike x/group it answers with gRPC status codes of its own:
 * a missing proposal is NotFound (HTTP 404), a zero id InvalidArgument.
 */
export class GovQueries {
  constructor(private readonly gov: GovView) {}

  async proposal({ proposalId }: ProposalIdRequest): Promise<GovProposal> {
    return this.load(proposalId);
  }

  /** Final proposals answer their stored tally; open ones are tallied now, as the end-blocker would. */
  async tallyResult({ proposalId }: ProposalIdRequest): Promise<Tally> {
    const proposal = this.load(proposalId);
    if (proposal.status === 'PROPOSAL_STATUS_DEPOSIT_PERIOD') return ZERO_TALLY;
    if (FINAL_STATUSES.has(proposal.status)) return proposal.finalTally;
    const votes = this.gov.votesOf(proposal.id).values();
    return tallyVotes(votes, this.gov.stake, this.gov.params, proposal.expedited).tally;
  }

  /** Every proposal in id order, filtered by status (when it names one), voter and depositor. */
  async proposals({ proposalStatus, voter, depositor, pagination }: GovProposalsRequest): Promise<Page<GovProposal>> {
    const statusFilter = Object.values(GOV_STATUS_NUMBERS).includes(proposalStatus) ? proposalStatus : null;
    // Every filter is evaluated, as the SDK's predicate does: a bad address fails whatever the status.
    return collectionPaginate(this.gov.proposals, pagination, (proposal) => {
      const matchStatus = statusFilter === null || GOV_STATUS_NUMBERS[proposal.status] === statusFilter;
      const matchVoter = voter === '' || this.gov.vote(proposal.id, filterKey(voter)) !== undefined;
      const matchDepositor = depositor === '' || this.gov.deposit(proposal.id, filterKey(depositor)) !== undefined;
      return matchStatus && matchVoter && matchDepositor;
    });
  }

  private load(id: bigint): GovProposal {
    if (id === 0n) throw invalidArgument('proposal id can not be 0');
    const proposal = this.gov.proposal(id);
    if (!proposal) throw notFoundStatus(`proposal ${id} doesn't exist`);
    return proposal;
  }
}
