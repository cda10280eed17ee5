import { validatorOf } from './chain/block-header.ts';
import { chainTimeText } from './chain/chain-time.ts';
import { exportGovState } from './chain/gov/gov-genesis.ts';
import { exportGroupState, groupExtrasOf } from './chain/group/genesis-state.ts';
import { validatorSetAt } from './consensus/validators.ts';
import { govDepositJson, govParamsJson, govProposalJson, govVoteJson } from './gateway/json/gov-json.ts';
import { str } from './gateway/json/json-encoding.ts';
import { groupInfoJson, groupMemberJson, policyInfoJson, proposalJson, voteJson } from './gateway/json/record-json.ts';
import { genTxsJson, STAKING_GENESIS_JSON } from './genesis-gen-txs.ts';
import type { GenesisDocument } from './queries/block-source.ts';
import { ChainNode } from './sim/chain-node.ts';
import { validatorSeedOf, type ChainParams } from './sim/sim-chain.ts';

// The embedded chain's genesis document, as CometBFT v0.38 serves a Cosmos SDK v0.50 chain's at
// `/genesis`. The chain begins from the state its simulator built (30 days of history): that state
// is the genesis, and the first live block is its initial height, as for a chain started from an
// exported state. Composed here, where the simulator (which builds the state) and the gateway
// (whose encoders write the records as the REST API does) may both be used; the RPC only calls it.

/** CometBFT sends `/genesis` whole only when it fits one chunk of genesis_chunked: 16 MiB. */
export const GENESIS_CHUNK_BYTES = 16 * 1024 * 1024;

const TOO_LARGE: GenesisDocument = { tooLarge: true };

/** CometBFT v0.38's default consensus params, as a genesis file carries them. */
const CONSENSUS_PARAMS =
  '{"block":{"max_bytes":"22020096","max_gas":"-1"},' +
  '"evidence":{"max_age_num_blocks":"100000","max_age_duration":"172800000000000","max_bytes":"1048576"},' +
  '"validator":{"pub_key_types":["ed25519"]},"version":{"app":"0"},"abci":{"vote_extensions_enable_height":"0"}}';

/** Stops writing a document as soon as it passes its limit: a large state is never written whole. */
class PastLimit extends Error {}

class BoundedText {
  private readonly parts: string[] = [];
  private bytes = 0;

  constructor(private readonly limit: number) {}

  add(part: string): void {
    this.bytes += Buffer.byteLength(part);
    if (this.bytes > this.limit) throw new PastLimit();
    this.parts.push(part);
  }

  list<T>(items: readonly T[], encode: (item: T) => string): void {
    this.add('[');
    items.forEach((item, index) => this.add(index === 0 ? encode(item) : `,${encode(item)}`));
    this.add(']');
  }

  get text(): string {
    return this.parts.join('');
  }
}

/** x/gov's GenesisState (v1): the deprecated per-topic params are null, as an export writes them. */
function writeGov(node: ChainNode, out: BoundedText): void {
  const gov = exportGovState(node.gov.store, node.gov.store.nextProposalId);
  out.add(`"gov":{"starting_proposal_id":"${gov.nextProposalId}","deposits":`);
  out.list(gov.deposits, govDepositJson);
  out.add(',"votes":');
  out.list(gov.votes, govVoteJson);
  out.add(',"proposals":');
  out.list(gov.proposals, govProposalJson);
  out.add(
    `,"deposit_params":null,"voting_params":null,"tally_params":null,"params":${govParamsJson(gov.params)},"constitution":""}`,
  );
}

/** x/group's GenesisState: every table in its primary-key order, as ExportGenesis walks them. */
function writeGroup(node: ChainNode, out: BoundedText): void {
  const group = exportGroupState(node.group.store, groupExtrasOf(node.group.store));
  const [groupSeq, policySeq, proposalSeq] = group.seqs;
  out.add(`"group":{"group_seq":"${groupSeq}","groups":`);
  out.list(group.groups, groupInfoJson);
  out.add(',"group_members":');
  out.list(group.members, groupMemberJson);
  out.add(`,"group_policy_seq":"${policySeq}","group_policies":`);
  out.list(group.policies, policyInfoJson);
  out.add(`,"proposal_seq":"${proposalSeq}","proposals":`);
  out.list(group.proposals, proposalJson);
  out.add(',"votes":');
  out.list(group.votes, voteJson);
  out.add('}');
}

/**
 * The GenesisDoc of a chain whose genesis state `node` holds (no live block run yet): its first
 * block is the next height, app_state's modules in the sorted order of the SDK's genesis map. A
 * signed chain lists no CometBFT validators (the key is left out, as a real SDK chain's node
 * serves it): its first set is what staking makes of the gen_txs.
 */
function writeGenesisDoc(node: ChainNode, out: BoundedText, scheme: ChainParams['blockHashes']): void {
  const listed = scheme === 'signed' ? '' : `"validators":${madeUpValidator(node)},`;
  out.add(
    `{"genesis_time":"${chainTimeText(node.params.genesisTime)}","chain_id":${str(node.chainId)},` +
      `"initial_height":"${node.height + 1n}","consensus_params":${CONSENSUS_PARAMS},` +
      `${listed}"app_hash":"","app_state":{`,
  );
  if (scheme === 'signed')
    out.add(`"genutil":{"gen_txs":${genTxsJson(validatorSetAt(validatorSeedOf(node.params), node.height + 1n))}},`);
  writeGov(node, out);
  out.add(',');
  writeGroup(node, out);
  out.add(`,"staking":${STAKING_GENESIS_JSON}`);
  // x/upgrade exports nothing: a scheduled plan is not part of a genesis.
  out.add(',"upgrade":{}}}');
}

/** An unsigned chain's one made-up validator, listed as CometBFT's GenesisValidator. */
function madeUpValidator(node: ChainNode): string {
  const validator = validatorOf(node.chainId);
  return JSON.stringify([
    {
      address: validator.address,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: validator.pubKey },
      power: validator.votingPower,
      name: 'polity',
    },
  ]);
}

/** Builds the genesis of the chain `params` define, on a chain of its own that runs no block. */
export function buildGenesisDocument(params: ChainParams, maxBytes = GENESIS_CHUNK_BYTES): GenesisDocument {
  // The large scenario's million-member group alone is far past one chunk: building its genesis
  // would only hold a second copy of that state to find out what is already known.
  if (params.scenario === 'large') return TOO_LARGE;
  const { seed, genesisTime, scenario, livePeriodS } = params;
  const genesisChain = ChainNode.open({ seed, genesisTime, scenario, livePeriodS, keepRecent: 0, keepBlocks: 1 });
  const out = new BoundedText(maxBytes);
  try {
    writeGenesisDoc(genesisChain, out, params.blockHashes);
  } catch (error) {
    if (error instanceof PastLimit) return TOO_LARGE;
    throw error;
  }
  return { json: out.text };
}

/**
 * The genesis of the chain `params` define, built on first ask and kept. It depends on the
 * params alone, so a chain restarted from its data dir (whose params are in chain.json) answers
 * the same document, whatever blocks and states it still keeps.
 */
export function genesisOf(params: ChainParams, maxBytes = GENESIS_CHUNK_BYTES): () => GenesisDocument {
  let document: GenesisDocument | null = null;
  return () => (document ??= buildGenesisDocument(params, maxBytes));
}
