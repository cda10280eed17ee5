import { nanosOfMillis } from '../../verify/trust/light-block.ts';
import type { ChainNode } from '../node/sim/chain-node.ts';

// Tests run their chains at fixed dates (GENESIS), whatever the day they run on: a verifier's
// clock in a test is the chain's own — a second after its latest block — so a trusted header's
// age is the chain's, not the calendar's.

export const chainClock = (node: ChainNode) => ({ now: () => nanosOfMillis(node.time + 1000) });

/** verifyBundle's options at the chain's clock. */
export const atChainTime = (node: ChainNode) => ({ atNanos: chainClock(node).now() });
