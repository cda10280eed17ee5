// What the status says of a chain served by its registry name (--chain): which endpoint each
// kind of API is read from, and why each other endpoint the registry lists is not used. Shared:
// the gateway's /polity/config.json and the archive's status both show it.

export interface EndpointChoiceJson {
  /** The endpoint read now; null while none answers as this chain. */
  using: string | null;
  /** Why this one: how it answered when chosen, or which endpoint it replaced. */
  why_using: string | null;
  since: string | null;
  /** Every endpoint not used, each with why it was left ("dead: connection refused", "wrong chain id: X"). */
  left: { url: string; why: string }[];
  /** The endpoints that answered as this chain but are not used now: the next ones tried. */
  in_reserve: string[];
  probed_at: string | null;
  probing: boolean;
}

export interface ServedChainJson {
  name: string;
  pretty_name: string;
  chain_id: string;
  bech32_prefix: string;
  /** Transaction pages of the chain's explorers: `${txHash}` stands for the hash. */
  explorers: { kind: string; tx_page: string }[];
  rest: EndpointChoiceJson;
  rpc: EndpointChoiceJson;
}
