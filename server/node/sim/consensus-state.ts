import { createHash } from 'node:crypto';

// The bytes IBC stores as an upgraded consensus state: a protobuf Any wrapping a Tendermint
// light-client ConsensusState. Encoded by hand (four fields) to avoid a protobuf runtime.

function varint(n: bigint): number[] {
  const out: number[] = [];
  let v = n;
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
}

const field = (num: number, bytes: Uint8Array | number[]) => [
  ...varint(BigInt((num << 3) | 2)),
  ...varint(BigInt(bytes.length)),
  ...bytes,
];

export function upgradedConsensusState(seed: string, planHeight: bigint, timeMs: number): Buffer {
  const h = (label: string) => createHash('sha256').update(`${seed}\u0000${label}\u0000${planHeight}`).digest();
  const seconds = BigInt(Math.floor(timeMs / 1000));
  const timestamp = [...varint(8n), ...varint(seconds)];
  const consensusState = [...field(1, timestamp), ...field(2, field(1, h('root'))), ...field(3, h('next-validators'))];
  const any = [...field(1, Buffer.from('/ibc.lightclients.tendermint.v1.ConsensusState')), ...field(2, consensusState)];
  return Buffer.from(any);
}
