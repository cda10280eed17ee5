import type { GovParams } from '../../chain/gov/gov-params.ts';
import {
  isGoZeroTime,
  type Coin,
  type GovDeposit,
  type GovProposal,
  type GovVote,
  type ProposalMsg,
  type ProtoTime,
} from '../../chain/gov/gov-records.ts';
import { VOTE_OPTIONS } from '../../chain/vote-options.ts';
import { duration, str, timestamp, u64, ZERO_TIME } from './json-encoding.ts';
import { tallyJson } from './record-json.ts';

// cosmos.gov.v1 records as the gateway writes them, fields in proto order. A proposal's
// messages are Any: `@type` first, then the message's own fields.

/** A Timestamp a message carried: RFC 3339, fractional digits in groups of three as Go trims them. */
function protoTimeJson(time: ProtoTime): string {
  if (isGoZeroTime(time)) return ZERO_TIME;
  const whole = new Date(Number(time.seconds) * 1000).toISOString().slice(0, 19);
  let fraction = String(time.nanos).padStart(9, '0');
  while (fraction.endsWith('000')) fraction = fraction.slice(0, -3);
  return `"${whole}${fraction ? `.${fraction}` : ''}Z"`;
}

function proposalMsgJson(msg: ProposalMsg): string {
  const head = `{"@type":"${msg.typeUrl}","authority":${str(msg.authority)}`;
  if (msg.typeUrl === '/cosmos.upgrade.v1beta1.MsgCancelUpgrade') return `${head}}`;
  const plan = msg.plan;
  return (
    `${head},"plan":{"name":${str(plan.name)},"time":${protoTimeJson(msg.planTime)},"height":"${plan.height}",` +
    `"info":${str(plan.info)},"upgraded_client_state":null}}`
  );
}

const coinsJson = (coins: readonly Coin[]) =>
  `[${coins.map((coin) => `{"denom":${str(coin.denom)},"amount":${str(coin.amount)}}`).join(',')}]`;

const orNull = (time: number | null) => (time === null ? 'null' : timestamp(time));

export const govProposalJson = (proposal: GovProposal) =>
  `{"id":${u64(proposal.id)},"messages":[${proposal.messages.map(proposalMsgJson).join(',')}],` +
  `"status":"${proposal.status}","final_tally_result":${tallyJson(proposal.finalTally)},` +
  `"submit_time":${timestamp(proposal.submitTime)},"deposit_end_time":${timestamp(proposal.depositEndTime)},` +
  `"total_deposit":${coinsJson(proposal.totalDeposit)},` +
  `"voting_start_time":${orNull(proposal.votingStartTime)},"voting_end_time":${orNull(proposal.votingEndTime)},` +
  `"metadata":${str(proposal.metadata)},"title":${str(proposal.title)},"summary":${str(proposal.summary)},` +
  `"proposer":${str(proposal.proposer)},"expedited":${proposal.expedited},"failed_reason":${str(proposal.failedReason)}}`;

/**
 * cosmos.gov.v1.Params. The three fields this chain's x/gov never reads (the initial deposit
 * ratio and the cancel ratio and destination) are the SDK's defaults.
 */
export const govParamsJson = (params: GovParams) =>
  `{"min_deposit":${coinsJson(params.minDeposit)},"max_deposit_period":${duration(params.maxDepositPeriodS)},` +
  `"voting_period":${duration(params.votingPeriodS)},"quorum":${str(params.quorum)},` +
  `"threshold":${str(params.threshold)},"veto_threshold":${str(params.vetoThreshold)},` +
  `"min_initial_deposit_ratio":"0.000000000000000000","proposal_cancel_ratio":"0.500000000000000000",` +
  `"proposal_cancel_dest":"","expedited_voting_period":${duration(params.expeditedVotingPeriodS)},` +
  `"expedited_threshold":${str(params.expeditedThreshold)},` +
  `"expedited_min_deposit":${coinsJson(params.expeditedMinDeposit)},"burn_vote_quorum":${params.burnVoteQuorum},` +
  `"burn_proposal_deposit_prevote":${params.burnProposalDepositPrevote},"burn_vote_veto":${params.burnVoteVeto},` +
  `"min_deposit_ratio":${str(params.minDepositRatio)}}`;

/** cosmos.gov.v1.Vote: each weighted option by its enum name (the same numbering as x/group's). */
export const govVoteJson = (vote: GovVote) =>
  `{"proposal_id":${u64(vote.proposalId)},"voter":${str(vote.voter)},"options":[${vote.options
    .map((entry) => `{"option":"${VOTE_OPTIONS[entry.option - 1].option}","weight":${str(entry.weight)}}`)
    .join(',')}],"metadata":${str(vote.metadata)}}`;

export const govDepositJson = (deposit: GovDeposit) =>
  `{"proposal_id":${u64(deposit.proposalId)},"depositor":${str(deposit.depositor)},"amount":${coinsJson(deposit.amount)}}`;
