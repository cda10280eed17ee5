import type { FollowerState } from '../follower/lane/follower-state.ts';
import type { ProofState } from '../follower/prove/proof-service.ts';
import type { ArchiveStore } from '../store/archive-store.ts';

/** One archive as its API reads it: its store, where its follower stands, and the node it follows. */
export interface ArchiveSource {
  readonly store: ArchiveStore;
  readonly follower: { readonly state: FollowerState; readonly proofs?: { readonly state: ProofState } | null };
  readonly source: { rest: string; rpc: string };
}
