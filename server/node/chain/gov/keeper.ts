import type { Millis } from '../records.ts';
import { govEndBlock, type ProposalExecutor } from './gov-end-block.ts';
import { exportGovState, importGovState, type GovState } from './gov-genesis.ts';
import { GovMsgServer } from './gov-msg-server.ts';
import { GovStore } from './gov-store.ts';

/** x/gov as the app wires it: its store, its Msg service, and its EndBlocker with the message router. */
export class GovKeeper {
  readonly store = new GovStore();
  readonly msgs = new GovMsgServer(this.store);

  constructor(private readonly executor: ProposalExecutor) {}

  endBlock(height: bigint, time: Millis): void {
    govEndBlock(this.store, this.executor, { height, time });
  }

  exportState(): GovState {
    return exportGovState(this.store, this.store.nextProposalId);
  }

  importState(state: GovState): void {
    importGovState(this.store, state);
  }
}
