import { decodeAccAddress } from '../../lib/bech32-sdk.ts';
import { decFromInt, decFromString, decMul, decTruncate } from '../../lib/legacy-dec.ts';
import { ChainError } from '../chain-error.ts';
import { ZERO_TALLY, type Millis } from '../records.ts';
import {
  coinsText,
  proposalDepositEvent,
  proposalVoteEvent,
  submitProposalEvent,
  transferEvents,
  votingPeriodStartEvent,
} from './gov-events.ts';
import type { Coin, GovProposal, ProposalMsg, WeightedOption } from './gov-records.ts';
import type { GovStore } from './gov-store.ts';
import { GOV_MODULE_ADDRESS } from './module-account.ts';
import { signerOfProposalMsg } from './proposal-msgs.ts';

// x/gov's Msg service for what this chain uses: MsgSubmitProposal (with its initial deposit)
// and MsgVote. Checks run in the SDK's order and fail with its codespaces, codes and words.

/** The keeper's MaxMetadataLen default; summaries may be 40 times longer. */
const MAX_METADATA_LEN = 255;
const ONE_WEIGHT = '1.000000000000000000';

const sdkError = (message: string, code: number, name: string) => new ChainError(`${message}: ${name}`, 'sdk', code);
const govError = (message: string, code: number, name: string) => new ChainError(`${message}: ${name}`, 'gov', code);

export interface SubmitProposalInput {
  readonly messages: readonly ProposalMsg[];
  readonly initialDeposit: readonly Coin[];
  readonly proposer: string;
  readonly metadata: string;
  readonly title: string;
  readonly summary: string;
  readonly expedited: boolean;
}

function addressKey(address: string, role: string): string {
  const decoded = decodeAccAddress(address);
  if (!Buffer.isBuffer(decoded)) throw sdkError(`invalid ${role} address: ${decoded.message}`, 7, 'invalid address');
  return decoded.toString('latin1');
}

/** types.ProposalMetadata's fields: a value of another type makes Go's json.Unmarshal fail. */
const METADATA_FIELDS: Record<string, (value: unknown) => boolean> = {
  title: (value) => typeof value === 'string',
  authors: (value) => Array.isArray(value) && value.every((author) => author === null || typeof author === 'string'),
  summary: (value) => typeof value === 'string',
  details: (value) => typeof value === 'string',
  proposal_forum_url: (value) => typeof value === 'string',
  vote_option_context: (value) => typeof value === 'string',
};

/**
 * Metadata that decodes as ProposalMetadata must repeat the title and summary; metadata that does
 * not decode (not JSON, or a field of the wrong type) is allowed as it is.
 */
function checkMetadata(metadata: string, title: string, summary: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return;
  }
  if (Array.isArray(parsed) || (typeof parsed !== 'object' && parsed !== null)) return;
  const fields = (parsed ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    const fits = METADATA_FIELDS[name];
    if (fits && value !== null && !fits(value)) return;
  }
  const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
  if (text('title') !== title) {
    throw govError(
      `metadata title '${text('title')}' must equal proposal title '${title}'`,
      5,
      'invalid proposal content',
    );
  }
  if (text('summary') !== summary) {
    throw govError(
      `metadata summary '${text('summary')}' must equal proposal summary '${summary}'`,
      5,
      'invalid proposal content',
    );
  }
}

function checkLength(text: string, limit: number, what: string): void {
  const length = Buffer.byteLength(text);
  if (text !== '' && length > limit) {
    const name = what === 'summary' ? 'summary too long' : 'metadata too long';
    throw new ChainError(`got ${what} with length ${length}: ${name}`, 'gov', what === 'summary' ? 22 : 15);
  }
}

const coinsCover = (have: readonly Coin[], need: readonly Coin[]) =>
  need.every((coin) => {
    const held = have.find((entry) => entry.denom === coin.denom);
    return held !== undefined && BigInt(held.amount) >= BigInt(coin.amount);
  });

export class GovMsgServer {
  constructor(private readonly store: GovStore) {}

  /** MsgSubmitProposal: the proposal, then its initial deposit, which may open the voting period. */
  submitProposal(input: SubmitProposalInput, now: Millis): bigint {
    const store = this.store;
    if (input.title === '') throw sdkError('proposal title cannot be empty', 18, 'invalid request');
    if (input.summary === '') throw sdkError('proposal summary cannot be empty', 18, 'invalid request');
    const proposerKey = addressKey(input.proposer, 'proposer');
    if (input.messages.length === 0 && input.metadata === '') {
      throw govError('either metadata or Msgs length must be non-nil', 11, 'no messages proposed');
    }
    if (input.metadata !== '') checkMetadata(input.metadata, input.title, input.summary);
    if (!validCoins(input.initialDeposit)) {
      throw sdkError(coinsText(input.initialDeposit), 10, 'invalid coins');
    }
    const accepted = store.params.minDeposit.map((coin) => coin.denom);
    if (input.initialDeposit.some((coin) => !accepted.includes(coin.denom))) {
      throw govError(
        `deposited ${coinsText(input.initialDeposit)}, but gov accepts only the following denom(s): [${accepted.join(' ')}]`,
        23,
        'invalid deposit denom',
      );
    }
    checkLength(input.metadata, MAX_METADATA_LEN, 'metadata');
    checkLength(input.summary, MAX_METADATA_LEN * 40, 'summary');
    checkLength(input.title, MAX_METADATA_LEN, 'metadata');
    for (const msg of input.messages) {
      const signer = signerOfProposalMsg(msg);
      if (signer !== GOV_MODULE_ADDRESS) {
        throw govError(signer, 13, 'expected gov account as only signer for proposal message');
      }
    }
    // AddDeposit's own check, made before anything is written: a refused transaction leaves no trace.
    const minDeposit = input.expedited ? store.params.expeditedMinDeposit : store.params.minDeposit;
    checkDepositRatio(input.initialDeposit, minDeposit, store.params.minDepositRatio);

    const id = store.nextProposalId++;
    const proposal: GovProposal = {
      id,
      messages: input.messages,
      status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD',
      finalTally: ZERO_TALLY,
      submitTime: now,
      depositEndTime: now + store.params.maxDepositPeriodS * 1000,
      totalDeposit: [],
      votingStartTime: null,
      votingEndTime: null,
      metadata: input.metadata,
      title: input.title,
      summary: input.summary,
      proposer: input.proposer,
      expedited: input.expedited,
      failedReason: '',
    };
    store.putProposal(proposal);
    store.events(
      submitProposalEvent(
        id,
        input.proposer,
        input.messages.map((msg) => msg.typeUrl),
      ),
    );
    if (this.addDeposit(proposal, input.proposer, proposerKey, input.initialDeposit, now)) {
      store.events(votingPeriodStartEvent(id));
    }
    return id;
  }

  /** AddDeposit; true when the deposit opened the voting period. */
  private addDeposit(
    proposal: GovProposal,
    depositor: string,
    depositorKey: string,
    amount: readonly Coin[],
    now: Millis,
  ): boolean {
    const store = this.store;
    const text = coinsText(amount);
    for (const event of transferEvents(depositor, GOV_MODULE_ADDRESS, text)) store.events(event);
    const totalDeposit = mergeCoins(proposal.totalDeposit, amount);
    let updated: GovProposal = { ...proposal, totalDeposit };
    const params = store.params;
    const minDeposit = proposal.expedited ? params.expeditedMinDeposit : params.minDeposit;
    const opens = proposal.status === 'PROPOSAL_STATUS_DEPOSIT_PERIOD' && coinsCover(totalDeposit, minDeposit);
    if (opens) {
      const votingPeriodS = proposal.expedited ? params.expeditedVotingPeriodS : params.votingPeriodS;
      updated = {
        ...updated,
        status: 'PROPOSAL_STATUS_VOTING_PERIOD',
        votingStartTime: now,
        votingEndTime: now + votingPeriodS * 1000,
      };
    }
    store.putProposal(updated);
    const previous = store.deposit(proposal.id, depositorKey);
    store.putDeposit({
      proposalId: proposal.id,
      depositor,
      depositorKey,
      amount: mergeCoins(previous?.amount ?? [], amount),
    });
    store.events(proposalDepositEvent(depositor, text, proposal.id));
    return opens;
  }

  /** MsgVote: a single option with weight 1; a second vote replaces the first. */
  vote(proposalId: bigint, voter: string, option: number, metadata: string): void {
    const store = this.store;
    const voterKey = addressKey(voter, 'voter');
    if (option < 1 || option > 4) throw govError(voteOptionName(option), 7, 'invalid vote option');
    const proposal = store.proposal(proposalId);
    if (!proposal || proposal.status !== 'PROPOSAL_STATUS_VOTING_PERIOD') {
      throw govError(String(proposalId), 3, 'inactive proposal');
    }
    checkLength(metadata, MAX_METADATA_LEN, 'metadata');
    const options: WeightedOption[] = [{ option, weight: ONE_WEIGHT }];
    store.putVote({ proposalId, voter, voterKey, options, metadata });
    store.events(proposalVoteEvent(voter, options, proposalId));
  }
}

/** sdk.Coins.IsValid: denoms strictly ascending, every amount a positive integer. */
function validCoins(coins: readonly Coin[]): boolean {
  return coins.every(
    (coin, index) =>
      /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(coin.denom) &&
      /^\d+$/.test(coin.amount) &&
      BigInt(coin.amount) > 0n &&
      (index === 0 || coins[index - 1].denom < coin.denom),
  );
}

/** Each deposit must reach min_deposit × min_deposit_ratio in at least one denom. */
function checkDepositRatio(amount: readonly Coin[], minDeposit: readonly Coin[], ratio: string): void {
  const scaledRatio = decFromString(ratio);
  if (scaledRatio === 0n) return;
  const thresholds = minDeposit.map((coin) => ({
    denom: coin.denom,
    amount: decTruncate(decMul(decFromInt(BigInt(coin.amount)), scaledRatio)),
  }));
  const met = thresholds.some((threshold) => {
    const deposited = amount.find((coin) => coin.denom === threshold.denom);
    return deposited !== undefined && BigInt(deposited.amount) >= threshold.amount;
  });
  if (!met) {
    const need = thresholds.map((threshold) => `${threshold.amount}${threshold.denom}`).join(',');
    throw govError(
      `received ${coinsText(amount)} but need at least one of the following: ${need}`,
      16,
      'minimum deposit is too small',
    );
  }
}

const OPTION_NAMES = [
  'VOTE_OPTION_UNSPECIFIED',
  'VOTE_OPTION_YES',
  'VOTE_OPTION_ABSTAIN',
  'VOTE_OPTION_NO',
  'VOTE_OPTION_NO_WITH_VETO',
];
const voteOptionName = (option: number) => OPTION_NAMES[option] ?? String(option);

/** sdk.Coins.Add for coins of the same denoms, kept in denom order. */
function mergeCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] {
  const sums = new Map<string, bigint>();
  for (const coin of [...a, ...b]) sums.set(coin.denom, (sums.get(coin.denom) ?? 0n) + BigInt(coin.amount));
  return [...sums.entries()]
    .filter(([, amount]) => amount > 0n)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount: String(amount) }));
}
