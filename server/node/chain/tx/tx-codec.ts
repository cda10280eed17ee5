import { createHash } from 'node:crypto';

import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import { packMsg, type ChainMsg } from './chain-msgs.ts';

/** Gas every simulated transaction asks for; real fees are out of scope (nothing is signed). */
export const GAS_WANTED = 200_000n;

/**
 * A transaction as a block carries it: TxRaw with the body's messages, a fee-less auth info and
 * an empty signature set. Polity never signs anything; the bytes decode as any node's would.
 * With `sequence`, the auth info names the signer's account sequence as a real transaction's
 * does, so two transactions of the same message (a vote refused twice) still differ in bytes and
 * hash; chains made before it was recorded keep their fee-only auth info (and their hashes).
 */
export function encodeTx(msgs: readonly ChainMsg[], memo = '', sequence?: bigint): Uint8Array {
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({ messages: msgs.map(packMsg), memo, timeoutHeight: 0n }),
  ).finish();
  const signerInfos =
    sequence === undefined ? [] : [{ modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence }];
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({ signerInfos, fee: { amount: [], gasLimit: GAS_WANTED, payer: '', granter: '' } }),
  ).finish();
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [] }).finish();
}

/** CometBFT's tx hash: SHA-256 of the tx bytes, upper-case hex. */
export const txHash = (tx: Uint8Array) => createHash('sha256').update(tx).digest('hex').toUpperCase();

/** The result's `data`: the Msg services' responses. */
export const encodeMsgData = (responses: Any[]) =>
  TxMsgData.encode(TxMsgData.fromPartial({ msgResponses: responses })).finish();
