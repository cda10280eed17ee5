import type { BlockRecord, SignedBlockFields, TxResult } from '../../chain/block.ts';
import type { AbciEvent } from '../../chain/events.ts';
import type { Commit, CommitSig } from '../../consensus/commit.ts';

// blocks-window.json: the blocks the node kept when it wrote its snapshot, as made (transactions,
// results, hashes, commits), written beside the snapshot. The chain is deterministic, but the
// blocks below a snapshot are not replayed at start-up: without this file a restarted node would
// keep only what it replays, and forget what it served below the snapshot. The file names the
// snapshot's block, so a window that does not end at the snapshot's tip is not used.

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'));

interface CommitJson {
  height: string;
  round: number;
  blockId: Commit['blockId'];
  signatures: { flag: CommitSig['flag']; validatorAddress: string; timestamp: string; signature: string }[];
}

const commitOut = (commit: Commit): CommitJson => ({
  height: String(commit.height),
  round: commit.round,
  blockId: commit.blockId,
  signatures: commit.signatures.map((sig) => ({ ...sig, signature: b64(sig.signature) })),
});

const commitIn = (commit: CommitJson): Commit => ({
  height: BigInt(commit.height),
  round: commit.round,
  blockId: commit.blockId,
  signatures: commit.signatures.map((sig) => ({ ...sig, signature: bytes(sig.signature) })),
});

interface ResultJson {
  code: number;
  codespace: string;
  log: string;
  data: string;
  gasWanted: string;
  gasUsed: string;
  events: readonly AbciEvent[];
}

interface SignedJson extends Omit<SignedBlockFields, 'lastCommit' | 'commit'> {
  lastCommit: CommitJson | null;
  commit: CommitJson;
}

interface BlockJson {
  height: string;
  time: number;
  txs: string[];
  txResults: ResultJson[];
  finalizeEvents: readonly AbciEvent[];
  hash: string;
  lastBlockHash: string;
  dataHash: string;
  appHash: string;
  lastResultsHash: string;
  signed?: SignedJson;
}

function blockOut(block: BlockRecord): BlockJson {
  return {
    height: String(block.height),
    time: block.time,
    txs: block.txs.map(b64),
    txResults: block.txResults.map((result) => ({
      ...result,
      data: b64(result.data),
      gasWanted: String(result.gasWanted),
      gasUsed: String(result.gasUsed),
    })),
    finalizeEvents: block.finalizeEvents,
    hash: block.hash,
    lastBlockHash: block.lastBlockHash,
    dataHash: block.dataHash,
    appHash: block.appHash,
    lastResultsHash: block.lastResultsHash,
    ...(block.signed
      ? {
          signed: {
            ...block.signed,
            lastCommit: block.signed.lastCommit ? commitOut(block.signed.lastCommit) : null,
            commit: commitOut(block.signed.commit),
          },
        }
      : {}),
  };
}

function blockIn(block: BlockJson): BlockRecord {
  const txResults: TxResult[] = block.txResults.map((result) => ({
    ...result,
    data: bytes(result.data),
    gasWanted: BigInt(result.gasWanted),
    gasUsed: BigInt(result.gasUsed),
  }));
  return {
    ...block,
    height: BigInt(block.height),
    txs: block.txs.map(bytes),
    txResults,
    signed: block.signed
      ? {
          ...block.signed,
          lastCommit: block.signed.lastCommit ? commitIn(block.signed.lastCommit) : null,
          commit: commitIn(block.signed.commit),
        }
      : undefined,
  };
}

/** The window as the file holds it: the tip it ends at, then one block per line. */
export function encodeBlockWindow(blocks: readonly BlockRecord[]): string {
  const tip = blocks.at(-1);
  const head = JSON.stringify({ format: 1, tipHeight: String(tip?.height ?? 0n), tipHash: tip?.hash ?? '' });
  return [head, ...blocks.map((block) => JSON.stringify(blockOut(block)))].join('\n') + '\n';
}

/**
 * The blocks of a window file that ends at the snapshot's block (`tipHash` at `tipHeight`), each
 * linked to the one before; null (and the file is not used) when it does not.
 */
export function decodeBlockWindow(text: string, tipHeight: bigint, tipHash: string): BlockRecord[] | null {
  try {
    const lines = text.trimEnd().split('\n');
    const head = JSON.parse(lines[0]) as { format: number; tipHeight: string; tipHash: string };
    if (head.format !== 1 || head.tipHeight !== String(tipHeight) || head.tipHash !== tipHash) return null;
    const blocks = lines.slice(1).map((line) => blockIn(JSON.parse(line) as BlockJson));
    for (let i = 1; i < blocks.length; i++) {
      if (blocks[i].height !== blocks[i - 1].height + 1n || blocks[i].lastBlockHash !== blocks[i - 1].hash) return null;
    }
    const last = blocks.at(-1);
    return last && last.height === tipHeight && last.hash === tipHash ? blocks : null;
  } catch {
    return null;
  }
}
