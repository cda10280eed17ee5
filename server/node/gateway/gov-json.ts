import { isGoZeroTime, type GovProposal, type ProposalMsg, type ProtoTime } from '../chain/gov/gov-records.ts';
import { str, timestamp, u64, ZERO_TIME } from './json-encoding.ts';
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

const orNull = (time: number | null) => (time === null ? 'null' : timestamp(time));

export const govProposalJson = (proposal: GovProposal) =>
  `{"id":${u64(proposal.id)},"messages":[${proposal.messages.map(proposalMsgJson).join(',')}],` +
  `"status":"${proposal.status}","final_tally_result":${tallyJson(proposal.finalTally)},` +
  `"submit_time":${timestamp(proposal.submitTime)},"deposit_end_time":${timestamp(proposal.depositEndTime)},` +
  `"total_deposit":[${proposal.totalDeposit.map((coin) => `{"denom":${str(coin.denom)},"amount":${str(coin.amount)}}`).join(',')}],` +
  `"voting_start_time":${orNull(proposal.votingStartTime)},"voting_end_time":${orNull(proposal.votingEndTime)},` +
  `"metadata":${str(proposal.metadata)},"title":${str(proposal.title)},"summary":${str(proposal.summary)},` +
  `"proposer":${str(proposal.proposer)},"expedited":${proposal.expedited},"failed_reason":${str(proposal.failedReason)}}`;
