import { MsgMultiSend, MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import { BOND_DENOM } from '../server/node/chain/bank-tree.ts';
import { ChainError } from '../server/node/chain/chain-error.ts';
import type { CommittedState, StateSource } from '../server/node/chain/committed-state.ts';
import { GovKeeper } from '../server/node/chain/gov/keeper.ts';
import { GroupKeeper } from '../server/node/chain/group/keeper.ts';
import type { Millis } from '../server/node/chain/records.ts';
import { chainMsgFromAny, moduleOf } from '../server/node/chain/tx/chain-msgs.ts';
import { routeMsg } from '../server/node/chain/tx/msg-router.ts';
import { UpgradeKeeper } from '../server/node/chain/upgrade/keeper.ts';
import { handleApi } from '../server/node/gateway/handle-api.ts';
import { decodeAccAddress } from '../server/node/lib/bech32-sdk.ts';
import { QueryService } from '../server/node/queries/query-service.ts';

// The embedded node's x/group, fed a real chain's blocks: each transaction's messages through the
// simulated chain's own Msg router at the block's height and time, then its end-blocker. What it
// then answers over REST must be what the real node answered at that height (a differential test).
// Only x/group and the policies' balances are compared: the simulated chain models no staking, so
// its x/gov (and the upgrade gov schedules) cannot follow a real validator set's votes.

export interface RealBlock {
  height: bigint;
  time: Millis;
  txs: Uint8Array[];
  /** Each transaction's result code on the real chain, with its codespace. */
  results: { code: number; codespace: string }[];
}

/** A transaction whose outcome differed: the real chain is right, the simulation is wrong. */
export interface OutcomeDifference {
  height: bigint;
  index: number;
  typeUrl: string;
  chain: string;
  embedded: string;
}

const outcomeText = (code: number, codespace: string) => (code === 0 ? 'accepted' : `refused (${codespace} ${code})`);

export class EmbeddedReplay implements StateSource {
  readonly group = new GroupKeeper(new Map());
  readonly upgrade = new UpgradeKeeper();
  readonly gov = new GovKeeper({ execute: () => undefined, checkpoint: () => this.upgrade.checkpoint() });
  readonly differences: OutcomeDifference[] = [];
  /** How many messages of each type ran on the simulated chain (to show the replay did something). */
  readonly ran = new Map<string, number>();
  private height = 0n;
  private readonly service = new QueryService(this, 'sdk');

  get latestHeight(): bigint {
    return this.height;
  }

  stateAt(height: bigint): CommittedState | undefined {
    if (height !== this.height) return undefined;
    return { height, group: this.group.store, upgrade: this.upgrade, gov: this.gov.store };
  }

  apply(block: RealBlock): void {
    this.height = block.height;
    block.txs.forEach((bytes, index) => this.deliver(block, index, bytes));
    this.group.endBlock(block.time);
  }

  /** The node's REST answer at the replayed height, as the embedded gateway gives it. */
  async answer(pathAndQuery: string): Promise<{ status: number; body: string }> {
    const [pathPart, query = ''] = pathAndQuery.split('?');
    const { status, body } = await handleApi(this.service, 'GET', pathPart ?? '', query);
    return { status, body };
  }

  private deliver(block: RealBlock, index: number, bytes: Uint8Array): void {
    const messages = TxBody.decode(TxRaw.decode(bytes).bodyBytes).messages;
    const real = block.results[index] ?? { code: -1, codespace: '' };
    const groupMessages = messages.filter((message) => message.typeUrl.startsWith('/cosmos.group.'));
    if (groupMessages.length === 0) {
      // Bank sends fund policies; everything else (staking, gov, …) is outside what is compared.
      if (real.code === 0) messages.forEach((message) => this.credit(message));
      return;
    }
    if (messages.length !== 1) throw new Error(`block ${block.height} tx ${index}: a multi-message group tx`);
    const message = messages[0]!;
    const msg = chainMsgFromAny(message);
    let embedded = { code: 0, codespace: '', log: '' };
    if (!msg) embedded = { code: 2, codespace: 'sdk', log: `unable to resolve type URL ${message.typeUrl}` };
    else {
      try {
        routeMsg(msg, {
          group: this.group,
          upgrade: this.upgrade,
          gov: this.gov,
          height: block.height,
          time: block.time,
        });
        this.ran.set(msg.typeUrl, (this.ran.get(msg.typeUrl) ?? 0) + 1);
      } catch (error) {
        if (!(error instanceof ChainError)) throw error;
        embedded = { code: error.code, codespace: error.codespace, log: error.message };
      }
    }
    const chain = outcomeText(real.code, real.codespace);
    const ours = outcomeText(embedded.code, embedded.codespace) + (embedded.log ? `: ${embedded.log}` : '');
    if (chain !== outcomeText(embedded.code, embedded.codespace)) {
      this.differences.push({
        height: block.height,
        index,
        typeUrl: msg ? moduleOf(msg) + ' ' + msg.typeUrl : message.typeUrl,
        chain,
        embedded: ours,
      });
    }
  }

  /** A successful bank send into a group policy's account, as the simulated chain keeps balances (its bond denom). */
  private credit(message: Any): void {
    const outputs =
      message.typeUrl === '/cosmos.bank.v1beta1.MsgSend'
        ? [MsgSend.decode(message.value)].map((send) => ({ address: send.toAddress, coins: send.amount }))
        : message.typeUrl === '/cosmos.bank.v1beta1.MsgMultiSend'
          ? MsgMultiSend.decode(message.value).outputs
          : [];
    for (const { address, coins } of outputs) {
      const decoded = decodeAccAddress(address);
      if (!Buffer.isBuffer(decoded)) continue;
      const key = decoded.toString('latin1');
      if (!this.group.store.policyByKey(key)) continue;
      const amount = coins
        .filter((coin) => coin.denom === BOND_DENOM)
        .reduce((sum, coin) => sum + BigInt(coin.amount), 0n);
      this.group.store.balances.set(key, (this.group.store.balances.get(key) ?? 0n) + amount);
    }
  }
}
