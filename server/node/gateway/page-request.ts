import { invalidArgument } from '../../lib/grpc-status.ts';
import { gatewayBytes } from '../lib/go-base64.ts';
import { GoParseError, parseBool, parseInt32, parseUint64 } from '../lib/go-strconv.ts';
import { emptyPageRequest, type PageRequest } from '../store/paginate.ts';

// runtime.PopulateQueryParameters for the `pagination.*` fields: both proto and lowerCamel
// names, Go's number and bool syntax, base64 keys; any other parameter is ignored.

const FIELDS: Record<string, keyof PageRequest> = {
  key: 'key',
  offset: 'offset',
  limit: 'limit',
  count_total: 'countTotal',
  countTotal: 'countTotal',
  reverse: 'reverse',
};

function parseField(request: PageRequest, field: keyof PageRequest, value: string): void {
  try {
    if (field === 'key') {
      const bytes = gatewayBytes(value);
      request.key = bytes.length ? Buffer.from(bytes).toString('latin1') : null;
    } else if (field === 'offset' || field === 'limit') request[field] = parseUint64(value);
    else request[field] = parseBool(value);
  } catch (error) {
    if (error instanceof GoParseError) throw invalidArgument(error.message);
    throw error;
  }
}

export function parsePageRequest(query: Map<string, string[]>): PageRequest {
  const request = emptyPageRequest();
  for (const [name, values] of query) {
    // A message field given a scalar: the gateway cannot populate it.
    if (name === 'pagination')
      throw invalidArgument('field type *query.PageRequest is not supported in query parameters');
    if (!name.startsWith('pagination.')) continue;
    const field = FIELDS[name.slice('pagination.'.length)];
    if (field) parseField(request, field, values[0]);
  }
  return request;
}

/** The first value of a field given by its proto name or its lowerCamel JSON name. */
const field = (query: Map<string, string[]>, name: string, camel: string) => (query.get(name) ?? query.get(camel))?.[0];

/**
 * QueryProposalsRequest's own fields. `proposal_status` only takes the enum's number: the
 * gateway cannot see gogoproto's enum names, so `PROPOSAL_STATUS_PASSED` fails to parse.
 */
export function parseGovFilter(query: Map<string, string[]>): {
  proposalStatus: number;
  voter: string;
  depositor: string;
} {
  const status = field(query, 'proposal_status', 'proposalStatus');
  let proposalStatus = 0;
  if (status !== undefined) {
    try {
      proposalStatus = parseInt32(status);
    } catch (error) {
      if (error instanceof GoParseError) throw invalidArgument(error.message);
      throw error;
    }
  }
  return {
    proposalStatus,
    voter: field(query, 'voter', 'voter') ?? '',
    depositor: field(query, 'depositor', 'depositor') ?? '',
  };
}
