import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { MsgWithdrawDelegatorReward } from 'cosmjs-types/cosmos/distribution/v1beta1/tx';
import { MsgVote as GovMsgVote } from 'cosmjs-types/cosmos/gov/v1/tx';
import { MsgUpdateGroupMetadata } from 'cosmjs-types/cosmos/group/v1/tx';
import { MsgDelegate } from 'cosmjs-types/cosmos/staking/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import type { AnyMsg } from '../records.ts';

// A proposal carries its messages as protobuf Any in the transaction and as JSON (`@type`
// first, snake_case fields in proto order) in the REST API. These are the message types the
// simulated chain's proposals use, each with the library's codec.

interface JsonCodec {
  encode(message: never): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  fromJSON(object: unknown): unknown;
  toJSON(message: never): unknown;
}

const PROPOSAL_MESSAGE_TYPES: Record<string, JsonCodec> = {
  '/cosmos.bank.v1beta1.MsgSend': MsgSend,
  '/cosmos.staking.v1beta1.MsgDelegate': MsgDelegate,
  '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward': MsgWithdrawDelegatorReward,
  '/cosmos.group.v1.MsgUpdateGroupMetadata': MsgUpdateGroupMetadata,
  '/cosmos.gov.v1.MsgVote': GovMsgVote,
};

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

function renameKeys(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), renameKeys(item, rename)]));
}

function codecOf(typeUrl: string): JsonCodec {
  const codec = PROPOSAL_MESSAGE_TYPES[typeUrl];
  if (!codec) throw new Error(`no codec for proposal message ${typeUrl}`);
  return codec;
}

/** JSON form → protobuf Any, for a transaction. */
export function anyFromJson(message: AnyMsg): Any {
  const codec = codecOf(message['@type']);
  const { '@type': typeUrl, ...fields } = message;
  const decoded = codec.fromJSON(renameKeys(fields, camel)) as never;
  return { typeUrl, value: codec.encode(decoded).finish() };
}

/** Protobuf Any → JSON form, as the REST API shows a proposal's messages. */
export function anyToJson(any: Any): AnyMsg {
  const codec = codecOf(any.typeUrl);
  const json = renameKeys(codec.toJSON(codec.decode(any.value) as never), snake) as Record<string, unknown>;
  return { '@type': any.typeUrl, ...json };
}
