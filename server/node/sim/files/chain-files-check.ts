import { readFileSync } from 'node:fs';

import type { ChainParams } from '../sim-chain.ts';
import { genesisHash, type LoggedBlock } from './block-log.ts';
import { ChainDataError, RESET_HINT, type ChainPaths } from './data-dir.ts';
import { reasonOf } from './durable-writer.ts';
import { decodeSnapshot, SnapshotUnreadable, type Snapshot } from './snapshot-file.ts';

// What start-up checks before it trusts a data dir's chain.json and snapshot.json: each file
// readable, the parameters whole, the snapshot of this chain and of a block the log holds.

export function readOrStop(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ChainDataError(`cannot read ${path} (${reasonOf(error)})`);
  }
}

export function readParams(path: string): ChainParams {
  let value: unknown;
  try {
    value = JSON.parse(readOrStop(path).toString('utf8'));
  } catch (error) {
    if (error instanceof ChainDataError) throw error;
    throw new ChainDataError(
      `${path} is not valid JSON (${reasonOf(error)}): restore it from a backup, ${RESET_HINT}.`,
    );
  }
  const params = value as Partial<ChainParams> | null;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n);
  if (
    typeof params?.seed !== 'string' ||
    !whole(params.genesisTime) ||
    (params.scenario !== 'demo' && params.scenario !== 'large') ||
    !whole(params.livePeriodS) ||
    (params.blockHashes !== undefined &&
      params.blockHashes !== 'signed' &&
      params.blockHashes !== 'cometbft' &&
      params.blockHashes !== 'polity-1') ||
    (params.signerSequences !== undefined && params.signerSequences !== true) ||
    (params.accountsSeed !== undefined && typeof params.accountsSeed !== 'string') ||
    (params.dropGroupAt !== undefined && typeof params.dropGroupAt !== 'string')
  ) {
    throw new ChainDataError(
      `${path} does not hold the chain's parameters (seed, genesisTime, scenario, livePeriodS): ` +
        `restore it from a backup, ${RESET_HINT}.`,
    );
  }
  return {
    seed: params.seed,
    genesisTime: params.genesisTime,
    scenario: params.scenario,
    livePeriodS: params.livePeriodS,
    ...(params.blockHashes === undefined ? {} : { blockHashes: params.blockHashes }),
    ...(params.signerSequences === undefined ? {} : { signerSequences: params.signerSequences }),
    ...(params.accountsSeed === undefined ? {} : { accountsSeed: params.accountsSeed }),
    ...(params.dropGroupAt === undefined ? {} : { dropGroupAt: params.dropGroupAt }),
  };
}

/**
 * An existing chain keeps the upgrade it was begun to leave x/group at: `--drop-group-at` names
 * another (or one for a chain begun without it) only with a new chain, since the blocks already
 * made were made by the chain.json's rules.
 */
export function checkDropGroupAt(path: string, params: ChainParams, fresh: ChainParams): void {
  if (fresh.dropGroupAt === undefined || fresh.dropGroupAt === params.dropGroupAt) return;
  const kept = params.dropGroupAt === undefined ? 'keeps x/group' : `drops x/group at ${params.dropGroupAt}`;
  throw new ChainDataError(
    `--drop-group-at ${fresh.dropGroupAt}: the chain in ${path} ${kept}; the option applies to a new chain: ` +
      `start without it, ${RESET_HINT}.`,
  );
}

/** Another --accounts-seed than the chain was begun with would be ignored silently: it stops the start instead. */
export function checkAccountsSeed(path: string, params: ChainParams, fresh: ChainParams): void {
  if (fresh.accountsSeed === undefined || fresh.accountsSeed === params.accountsSeed) return;
  const kept =
    params.accountsSeed === undefined
      ? 'its people from its seed'
      : `its people from --accounts-seed ${params.accountsSeed}`;
  throw new ChainDataError(
    `--accounts-seed ${fresh.accountsSeed}: the chain in ${path} was begun with ${kept}; the option applies to a ` +
      `new chain: start without it, ${RESET_HINT}.`,
  );
}

/** The snapshot, once it is shown to be of this chain and of a block the log holds. */
export function readSnapshot(paths: ChainPaths, params: ChainParams, blocks: LoggedBlock[]): Snapshot {
  let decoded: ReturnType<typeof decodeSnapshot>;
  try {
    decoded = decodeSnapshot(readOrStop(paths.snapshot).toString('utf8'));
  } catch (error) {
    if (!(error instanceof SnapshotUnreadable)) throw error;
    throw new ChainDataError(
      `${paths.snapshot} cannot be used: ${error.message}. It only shortens start-up: move it away to ` +
        `rebuild the same state from ${paths.log} (slower), ${RESET_HINT}.`,
    );
  }
  const { header, snapshot } = decoded;
  if (genesisHash(snapshot.params) !== genesisHash(params)) {
    throw new ChainDataError(
      `${paths.snapshot} is of another chain than ${paths.params}: move it away, ${RESET_HINT}.`,
    );
  }
  const first = blocks[0]?.height ?? null;
  const last = blocks.at(-1)?.height ?? null;
  const covered =
    first !== null && last !== null && header.height >= first && header.height <= last
      ? blocks[Number(header.height - first)]
      : undefined;
  if (!covered) {
    const held = last === null ? 'holds no block' : `holds heights ${first} to ${last}`;
    const lost = last === null || header.height > last ? ': blocks.log has lost blocks the chain made' : '';
    throw new ChainDataError(
      `${paths.snapshot} is at height ${header.height} but ${paths.log} ${held}${lost}. ` +
        `Restore both files from one backup, ${RESET_HINT}.`,
    );
  }
  if (covered.hash !== header.logHash || covered.time !== snapshot.time) {
    throw new ChainDataError(
      `${paths.snapshot} disagrees with ${paths.log} about block ${header.height}: one of them was changed. ` +
        `Restore both files from one backup, move the snapshot away if the log is the one to trust, ${RESET_HINT}.`,
    );
  }
  return snapshot;
}
