import type { ProblemCode } from '../../../../verify/problem-codes.ts';

/** A header that does not verify: the node lied, or trust cannot reach it. Never merged. */
export class HeaderRefusedError extends Error {
  constructor(
    message: string,
    readonly code: ProblemCode | null = null,
  ) {
    super(message);
  }
}
