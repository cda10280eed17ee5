import { subMillisecondDigits } from '../chain-time.ts';
import type { Millis } from '../records.ts';

// A protobuf writer for the records that number in the millions (members and votes): it writes
// into one reusable buffer and nests messages in place (their length is patched in at the end),
// so encoding a record allocates only its result. The bytes are those of cosmjs-types' encoders,
// which group-proto.test.ts checks: proto3 leaves zeros and empty strings out.

/** A nested message's length is written in up to 3 bytes ahead, then moved up if shorter. */
const LENGTH_ROOM = 3;

const varintSize = (value: number) => (value < 0x80 ? 1 : value < 0x4000 ? 2 : 3);

export class RecordWriter {
  private bytes = Buffer.alloc(512);
  private at = 0;

  reset(): this {
    this.at = 0;
    return this;
  }

  private room(length: number): void {
    if (this.at + length <= this.bytes.length) return;
    const larger = Buffer.alloc(Math.max(this.bytes.length * 2, this.at + length));
    this.bytes.copy(larger, 0, 0, this.at);
    this.bytes = larger;
  }

  private raw(value: number): void {
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.at++] = (rest & 0x7f) | 0x80;
      rest = Math.floor(rest / 128);
    }
    this.bytes[this.at++] = rest;
  }

  /** A uint64 or enum field (left out when zero). */
  varint(field: number, value: bigint | number): this {
    if (value === 0 || value === 0n) return this;
    this.room(11);
    this.bytes[this.at++] = field << 3;
    if (typeof value === 'number' && value >= 0 && value <= Number.MAX_SAFE_INTEGER) this.raw(value);
    else {
      let rest = BigInt.asUintN(64, BigInt(value));
      while (rest >= 0x80n) {
        this.bytes[this.at++] = Number(rest & 0x7fn) | 0x80;
        rest >>= 7n;
      }
      this.bytes[this.at++] = Number(rest);
    }
    return this;
  }

  /** Opens a length-delimited field; `end` closes it. */
  begin(field: number): number {
    this.room(1 + LENGTH_ROOM);
    this.bytes[this.at++] = (field << 3) | 2;
    const start = this.at;
    this.at += LENGTH_ROOM;
    return start;
  }

  end(start: number): this {
    const length = this.at - start - LENGTH_ROOM;
    if (length >= 1 << 21) throw new Error('a record field too long for its length prefix');
    const size = varintSize(length);
    if (size < LENGTH_ROOM) this.bytes.copyWithin(start + size, start + LENGTH_ROOM, this.at);
    this.at = start;
    this.raw(length);
    this.at = start + size + length;
    return this;
  }

  /** A string field as UTF-8 (left out when empty). */
  text(field: number, value: string): this {
    if (value === '') return this;
    const start = this.begin(field);
    this.room(value.length * 3);
    let ascii = true;
    for (let i = 0; i < value.length && ascii; i++) {
      const code = value.charCodeAt(i);
      if (code < 0x80) this.bytes[this.at + i] = code;
      else ascii = false;
    }
    this.at += ascii ? value.length : this.bytes.write(value, this.at, 'utf8');
    return this.end(start);
  }

  /** A google.protobuf.Timestamp field: the chain time with its nanoseconds (chain-time.ts). */
  time(field: number, time: Millis): this {
    const millisecond = ((time % 1000) + 1000) % 1000;
    const start = this.begin(field);
    this.varint(1, (time - millisecond) / 1000);
    this.varint(2, millisecond * 1_000_000 + Number(subMillisecondDigits(time)));
    return this.end(start);
  }

  /** Copies the bytes written since `reset` into `target` at `at`: their length, or -1 when they do not fit. */
  copyInto(target: Uint8Array, at: number): number {
    if (target.length - at < this.at) return -1;
    for (let i = 0; i < this.at; i++) target[at + i] = this.bytes[i];
    return this.at;
  }

  /** The bytes written since `reset`, as a new array. */
  finish(): Uint8Array {
    return new Uint8Array(this.bytes.subarray(0, this.at));
  }
}
