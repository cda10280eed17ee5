import type { ArchiveUpgrades } from '../../api/archive-upgrades.ts';

type VersionRecord = ArchiveUpgrades['module_version_changes'][number];

/** What the archive knows of how a module came to its version. */
export type ModuleHistory =
  /** Already there when the archive's record begins: the version may be much older. */
  | { kind: 'first-seen'; version: string; height: string }
  /** Appeared after the record began: added by an upgrade the archive watched. */
  | { kind: 'added'; version: string; height: string }
  | { kind: 'changed'; version: string; from: string; height: string };

const byHeight = (a: VersionRecord, b: VersionRecord) => {
  const [x, y] = [BigInt(a.height), BigInt(b.height)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Each module's latest version and where it came from, from the archive's version records. The
 * archive records every module's version at its start and around each upgrade, so most records
 * repeat the version before them: only a different version is a change.
 */
export function moduleHistories(records: readonly VersionRecord[]): {
  /** The height the archive's record begins at; null when it holds none. */
  recordStart: string | null;
  byModule: Map<string, ModuleHistory>;
} {
  const ordered = [...records].sort(byHeight);
  const recordStart = ordered[0]?.height ?? null;
  const byModule = new Map<string, ModuleHistory>();
  for (const record of ordered) {
    const known = byModule.get(record.name);
    if (!known)
      byModule.set(record.name, {
        kind: record.height === recordStart ? 'first-seen' : 'added',
        version: record.version,
        height: record.height,
      });
    else if (known.version !== record.version)
      byModule.set(record.name, {
        kind: 'changed',
        version: record.version,
        from: known.version,
        height: record.height,
      });
  }
  return { recordStart, byModule };
}
