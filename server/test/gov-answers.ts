// What the node's x/gov and x/upgrade answers hold, as the tests of upgrades scheduled through x/gov read them.

export interface PlanJson {
  name: string;
  time: string;
  height: string;
  info: string;
  upgraded_client_state: null;
}
export interface GovEvent {
  type: string;
  attributes: { key: string; value: string }[];
}
export interface GovProposalJson {
  id: string;
  status: string;
  messages: { '@type': string; authority: string; plan?: PlanJson }[];
  final_tally_result: Record<string, string>;
  voting_start_time: string | null;
  voting_end_time: string | null;
}
