import type { Millis } from '../records.ts';
import { endBlock } from './end-block.ts';
import { exportGroupState, groupExtrasOf, importGroupState, type GroupState } from './genesis-state.ts';
import { GroupStore } from './group-store.ts';
import { GroupMsgServer } from './msg-server.ts';

/** x/group as the app wires it: its store, its Msg service and its EndBlocker. */
export class GroupKeeper {
  readonly store: GroupStore;
  readonly msgs: GroupMsgServer;

  constructor(addressBook: Map<string, string>) {
    this.store = new GroupStore(addressBook);
    this.msgs = new GroupMsgServer(this.store);
  }

  endBlock(now: Millis): void {
    endBlock(this.store, now);
  }

  exportState(): GroupState {
    return exportGroupState(this.store, groupExtrasOf(this.store));
  }

  importState(state: GroupState): void {
    importGroupState(this.store, state);
  }
}
