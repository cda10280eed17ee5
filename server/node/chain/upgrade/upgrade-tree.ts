import { Plan as PlanProto } from 'cosmjs-types/cosmos/upgrade/v1beta1/upgrade';

import { valueOf } from '../../store/iavl-hash.ts';
import type { IavlStore, LoadEntry } from '../../store/iavl-store.ts';
import type { ValueEncoder } from '../../store/iavl-tree.ts';
import type { UpgradeView } from './keeper.ts';

// x/upgrade's KV store as its keeper lays it out (x/upgrade/types/keys.go, keeper.go): the
// scheduled plan under 0x00, a done marker under 0x01 ‖ height (8 bytes big-endian) ‖ name, each
// module's version under 0x02 ‖ name (8 bytes big-endian), and the client state IBC stores for a
// plan under upgradedIBCState/{height}/upgradedConsState. The state is small and replaced whole
// by every write, so the tree is rebuilt from it when it changed, keeping the versions of the
// entries that did not.

const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const bytes: ValueEncoder = (record) => record as Uint8Array;
const u64 = (value: bigint) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(value);
  return out;
};
/** A plan's deprecated time is Go's zero time: the keeper stores it so (gogoproto writes it). */
const GO_ZERO_TIME = { seconds: -62135596800n, nanos: 0 };

type Entry = Omit<LoadEntry, 'version'>;

export function upgradeStoreEntries(view: UpgradeView): Entry[] {
  const out: Entry[] = [];
  const pending = view.pending;
  if (pending) {
    const plan = PlanProto.encode({
      name: pending.plan.name,
      time: GO_ZERO_TIME,
      height: pending.plan.height,
      info: pending.plan.info,
    }).finish();
    out.push({ key: '\x00', record: plan, encode: bytes });
  }
  for (const done of view.done) {
    out.push({
      key: '\x01' + u64(done.height).toString('latin1') + latin1(done.name),
      record: Uint8Array.of(1),
      encode: bytes,
    });
  }
  for (const { name, version } of view.sortedVersions()) {
    out.push({ key: '\x02' + latin1(name), record: u64(version), encode: bytes });
  }
  for (const [height, state] of view.consensusStates()) {
    out.push({ key: `upgradedIBCState/${height}/upgradedConsState`, record: state, encode: bytes });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

/** Rebuilds the tree from the state: an entry keeps its version unless its value changed. */
export function syncUpgradeTree(tree: IavlStore, view: UpgradeView, version: number): void {
  const entries = upgradeStoreEntries(view).map((entry): LoadEntry => {
    const before = tree.leafAt(entry.key);
    const unchanged = before !== undefined && sameBytes(valueOf(before), entry.encode(entry.record));
    return { ...entry, version: unchanged ? before.version : version };
  });
  tree.startFrom(entries);
}
