/** A transaction the state machine refuses; the simulator skips it, as a chain drops a failed tx. */
export class ChainError extends Error {}
