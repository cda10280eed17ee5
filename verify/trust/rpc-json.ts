// The shapes CometBFT's RPC writes a header, a commit and a validator set in (hashes in hex,
// numbers in strings, time in RFC 3339): what a bundle carries and the verifier reads. Types only,
// so the rules that check them import them without importing each other.

/** A header as CometBFT's RPC writes it: hashes in hex, numbers in strings, time in RFC 3339. */
export interface HeaderJson {
  version: { block: string; app?: string };
  chain_id: string;
  height: string;
  time: string;
  last_block_id: BlockIdJson;
  last_commit_hash: string;
  data_hash: string;
  validators_hash: string;
  next_validators_hash: string;
  consensus_hash: string;
  app_hash: string;
  last_results_hash: string;
  evidence_hash: string;
  proposer_address: string;
}

export interface BlockIdJson {
  hash: string;
  parts: { total: number; hash: string };
}

export interface CommitSigJson {
  block_id_flag: number;
  validator_address: string;
  timestamp: string;
  signature: string | null;
}

export interface CommitJson {
  height: string;
  round: number;
  block_id: BlockIdJson;
  signatures: CommitSigJson[];
}

export interface ValidatorJson {
  address: string;
  pub_key: { type: string; value: string };
  voting_power: string;
  proposer_priority?: string;
}
