import { invalidArgument } from '../../lib/grpc-status.ts';
import { BOND_DENOM } from '../chain/bank-tree.ts';
import type { GroupView } from '../chain/group/group-view.ts';
import { decodeAccAddress } from '../lib/bech32-sdk.ts';

// x/bank's Query service, for what the simulated chain holds: its group policies' balances, all in
// its bond denom. Any other account holds nothing here, as a fresh account on a real chain.

export { BOND_DENOM };

export interface Coin {
  denom: string;
  amount: bigint;
}

export class BankQueries {
  constructor(private readonly view: GroupView) {}

  /** x/bank's address check, in its words (InvalidArgument), then what the account holds. */
  private amountOf(address: string): bigint {
    const decoded = decodeAccAddress(address);
    if (!Buffer.isBuffer(decoded)) throw invalidArgument(`invalid address: ${decoded.message}`);
    return this.view.balances.get(decoded.toString('latin1')) ?? 0n;
  }

  /** Every denom the account holds (none at zero), as AllBalances answers it. */
  async allBalances({ address }: { address: string }): Promise<Coin[]> {
    const amount = this.amountOf(address);
    return amount > 0n ? [{ denom: BOND_DENOM, amount }] : [];
  }
}
