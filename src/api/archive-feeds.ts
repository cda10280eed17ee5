// The archive's Atom feeds (`{endpoint}/polity/feeds/v1/…`): links a reader subscribes to, never
// fetched by the dashboard itself.

const FEEDS = '/polity/feeds/v1';

/** The proposals feed takes the proposals list's filters. */
export interface ProposalFeedFilters {
  status?: string;
  group_id?: string;
  group_policy_address?: string;
  proposer?: string;
  voting_open?: 'true';
  q?: string;
}

export function feedUrl(endpoint: string, path: string, filters: Readonly<Record<string, string | undefined>> = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const search = query.toString();
  return `${endpoint.replace(/\/+$/, '')}${FEEDS}/${path}${search ? `?${search}` : ''}`;
}

export const proposalsFeedUrl = (endpoint: string, filters: ProposalFeedFilters) =>
  feedUrl(endpoint, 'proposals.atom', { ...filters });
export const voterFeedUrl = (endpoint: string, address: string) =>
  feedUrl(endpoint, `voters/${encodeURIComponent(address)}.atom`);
export const upgradesFeedUrl = (endpoint: string) => feedUrl(endpoint, 'upgrades.atom');
