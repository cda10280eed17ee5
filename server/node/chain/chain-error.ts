/**
 * A message the state machine refuses. In a block it becomes a failed transaction carrying this
 * error's codespace and code (by default x/group's ErrInvalid), as on a node.
 */
export class ChainError extends Error {
  constructor(
    message: string,
    readonly codespace = 'group',
    readonly code = 6,
  ) {
    super(message);
  }
}
