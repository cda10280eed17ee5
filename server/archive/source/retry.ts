/** What bounds a read and its retries. */
export interface RetryBounds {
  attempts?: number;
  /**
   * The whole read's deadline (ms), its retries included; `what` names the read in the failure.
   * A node that drips its answer, or hangs and fails in turn, would otherwise hold a read for
   * each attempt's deadline six times over (186 s before the status showed a problem).
   */
  deadline?: { ms: number; what: string };
}

/** A read whose deadline passed: a fault like any other, retried by the follower with backoff. */
export class DeadlineError extends Error {}

/**
 * Retries a read a few times with growing pauses: a node that drops a connection or answers one
 * 500 should cost a moment, not a whole batch. Errors the caller can act on are not retried.
 * `read` is given the time left before the deadline, to bound its own request by.
 */
export async function withRetry<T>(
  read: (remainingMs: number) => Promise<T>,
  isFinal: (error: unknown) => boolean,
  { attempts = 6, deadline }: RetryBounds = {},
): Promise<T> {
  const ends = deadline ? Date.now() + deadline.ms : Infinity;
  const passed = () => new DeadlineError(`no answer to ${deadline?.what} within ${deadline?.ms} ms`);
  let delay = 50;
  for (let attempt = 1; ; attempt++) {
    try {
      return await withinTime(read(ends - Date.now()), ends, passed);
    } catch (error) {
      if (isFinal(error)) throw error;
      // A request ended by the time left (its own timeout) failed for the deadline: said so, once.
      if (Date.now() >= ends) throw error instanceof DeadlineError ? error : passed();
      if (attempt >= attempts || Date.now() + delay >= ends) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 3;
    }
  }
}

/**
 * `answer`, or `passed()` once `ends` (a time in ms) passes. The batch client settles a request
 * only when its id comes back: a node answering a batch with `200 []` would leave it waiting for
 * ever, and the follower with it, silently.
 */
function withinTime<T>(answer: Promise<T>, ends: number, passed: () => Error): Promise<T> {
  if (ends === Infinity) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(passed()), Math.max(0, ends - Date.now()));
  });
  // A read still under way when its deadline passes ends by its own timeout; its failure then is no one's.
  answer.catch(() => undefined);
  return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
}
