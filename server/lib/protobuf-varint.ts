/**
 * A protobuf varint: seven bits a byte, lowest first. Negative int64s are encoded as their two's
 * complement in ten bytes, as protobuf does. Shared by everything the node hashes or signs by hand.
 */
export function uvarint(value: bigint | number): number[] {
  let rest = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  while (rest >= 0x80n) {
    bytes.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  bytes.push(Number(rest));
  return bytes;
}
