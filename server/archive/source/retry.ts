/**
 * Retries a read a few times with growing pauses: a node that drops a connection or answers one
 * 500 should cost a moment, not a whole batch. Errors the caller can act on are not retried.
 */
export async function withRetry<T>(
  read: () => Promise<T>,
  isFinal: (error: unknown) => boolean,
  attempts = 6,
): Promise<T> {
  let delay = 50;
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= attempts || isFinal(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 3;
    }
  }
}
