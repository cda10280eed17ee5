/**
 * Each signer's account sequence, as the SDK's ante handler counts it: one up per transaction,
 * a refused one too. Only live blocks count (genesis history is not recorded as transactions).
 * It is chain state, so snapshots carry it and a replay counts the same.
 */
export class SignerSequences {
  private readonly next = new Map<string, bigint>();

  /** The signer's sequence for this transaction; the next one gets one more. */
  take(signer: string): bigint {
    const sequence = this.next.get(signer) ?? 0n;
    this.next.set(signer, sequence + 1n);
    return sequence;
  }

  /** Every signer's next sequence as it is now (later transactions do not change it). */
  copy(): Map<string, bigint> {
    return new Map(this.next);
  }

  exportState(): [string, string][] {
    return [...this.next].map(([signer, sequence]) => [signer, String(sequence)]);
  }

  importState(entries: readonly [string, string][]): void {
    for (const [signer, sequence] of entries) this.next.set(signer, BigInt(sequence));
  }
}
