import type { ChainHead } from '../../../hooks/time/block-times.ts';
import { instant } from '../../../lib/time.ts';

export type CountdownReading =
  | { state: 'unknown' }
  | { state: 'reached'; blocksLeft: bigint }
  | {
      state: 'ahead';
      blocksLeft: bigint;
      /** Milliseconds to go at the estimated pace, counted down on the local clock since the head arrived. */
      msLeft: number;
      /** When the plan's height is expected, from the head block's own time where known. */
      eta: Date;
    };

/**
 * Where a plan's height stands against the chain's head at `now`. The time left runs down between
 * polls on this machine's clock (right even when it is set wrong); the ETA is anchored on the
 * chain's time of the head block, so the date shown comes from the chain rather than this machine.
 */
export function readCountdown(
  planHeight: string,
  head: ChainHead | null,
  msPerBlock: number,
  now: number,
): CountdownReading {
  if (!head) return { state: 'unknown' };
  const blocksLeft = BigInt(planHeight) - BigInt(head.height);
  if (blocksLeft <= 0n) return { state: 'reached', blocksLeft };
  const total = Number(blocksLeft) * msPerBlock;
  const anchor = (head.time ? instant(head.time)?.getTime() : undefined) ?? head.receivedAt;
  return {
    state: 'ahead',
    blocksLeft,
    msLeft: Math.max(0, total - Math.max(0, now - head.receivedAt)),
    eta: new Date(anchor + total),
  };
}

/** "PT1M5S": a duration as HTML's <time> and machines read it. */
export function isoDuration(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [days, hours, minutes, rest] = [
    Math.floor(seconds / 86400),
    Math.floor((seconds % 86400) / 3600),
    Math.floor((seconds % 3600) / 60),
    seconds % 60,
  ];
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || seconds === 0 ? `${rest}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}
