import type { PageRequest } from '../store/paginate.ts';

// Parsed requests, shaped like the query.proto messages: the gateway has already parsed integer
// path parameters and the query string; address strings stay raw, because on a node the keeper
// decodes them (after the height check), which decides the order of errors.

export interface GroupIdRequest {
  groupId: bigint;
}

export interface ProposalIdRequest {
  proposalId: bigint;
}

export interface AddressRequest {
  address: string;
}

export interface Paginated {
  pagination: PageRequest;
}

export interface VoteRequest {
  proposalId: bigint;
  voter: string;
}

export interface ModuleVersionsRequest {
  moduleName: string;
}

export interface HeightRequest {
  lastHeight: bigint;
}

export interface NameRequest {
  name: string;
}

export interface GovProposalsRequest extends Paginated {
  /** The enum's number; 0 (or a number that is no status) filters nothing. */
  proposalStatus: number;
  voter: string;
  depositor: string;
}
