import type { EndpointChoiceJson } from '../../lib/served-chain-json.ts';
import type { ArchiveChainName } from '../chain-name.ts';
import type { SelfCheckState } from '../follower/check/tally-self-check.ts';
import type { FollowerState } from '../follower/lane/follower-state.ts';
import type { ProofState } from '../follower/prove/proof-service.ts';
import type { WitnessReport } from '../source/trust/witnesses.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { ReadCopies } from './read-copies.ts';

/** One archive as its API reads it: its store, where its follower stands, and the node it follows. */
export interface ArchiveSource {
  readonly store: ArchiveStore;
  readonly follower: {
    readonly state: FollowerState;
    readonly proofs?: { readonly state: ProofState; witnessReports(): WitnessReport[] } | null;
    /** The archive's recount of the tallies it followed (none: an archive a test builds by hand). */
    readonly selfCheck?: { readonly state: SelfCheckState };
  };
  /**
   * The node followed; for a chain served by its registry name (--chain), `rest` and `rpc` are the
   * relay's fixed addresses and `registry_endpoints` which registry endpoint stands behind each
   * now, and why the others were left (the status shows it as it is read).
   */
  readonly source: {
    rest: string;
    rpc: string;
    readonly registry_endpoints?: { rest: EndpointChoiceJson; rpc: EndpointChoiceJson };
  };
  /**
   * What the feeds call the chain besides its id (`local`, an upstream's name, a registry chain's
   * name and display name); every archive the service starts has one, an archive a test builds
   * by hand may go without (its feeds then name the chain by its id alone).
   */
  readonly chain?: ArchiveChainName;
  /** Where reads go: the primary or its replicas (--archive-read-db), and the height each is as of. */
  readonly reads?: ReadCopies;
}
