import type { EndpointChoiceJson } from '../lib/served-chain-json.ts';
import type { EndpointKind, Probe, ProbeVerdict } from './endpoint-probe.ts';

type Answered = Extract<ProbeVerdict, { ok: true }>;

export interface ChoiceOptions {
  probe: Probe;
  /** Each endpoint's deadline to answer a probe: all are probed at once, so this bounds a round. */
  probeDeadlineMs: number;
  /** While none answers as the chain, how long before all are asked again. */
  retryMs: number;
  /** Failed requests in a row before the endpoint in use is left (one may be a passing hiccup). */
  failuresBeforeMoving: number;
  log: (line: string) => void;
}

/**
 * Archives prefer the node keeping the most history (the lowest earliest block: fewer gaps the
 * archive cannot fill); then, as for REST, the quicker to answer.
 */
function rank(kind: EndpointKind) {
  return (a: Answered, b: Answered): number => {
    if (kind === 'rpc' && a.earliestHeight !== b.earliestHeight) {
      if (a.earliestHeight === null) return 1;
      if (b.earliestHeight === null) return -1;
      return a.earliestHeight < b.earliestHeight ? -1 : 1;
    }
    return a.ms - b.ms;
  };
}

const history = (verdict: Answered) =>
  verdict.earliestHeight === null ? '' : `, keeps blocks from ${verdict.earliestHeight}`;

/**
 * One kind of API (REST or RPC) of a chain served by its registry name: which of the registry's
 * endpoints is read now, the ones in reserve, and why each other one was left. The relay reports
 * every request's outcome here; the endpoint in use is left once it fails a few times in a row.
 */
export class EndpointChoice {
  private using: { url: string; why: string; since: Date } | null = null;
  private reserve: Answered[] = [];
  private left = new Map<string, string>();
  private probedAt: Date | null = null;
  private probing: Promise<void> | null = null;
  private failuresInARow = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Said once while none answers: asked again every retryMs, the log would otherwise repeat it forever. */
  private saidNoneAnswers = false;

  constructor(
    private readonly label: string,
    readonly kind: EndpointKind,
    private readonly chainId: string,
    private readonly candidates: readonly string[],
    private readonly options: ChoiceOptions,
  ) {}

  /** The endpoint requests go to now; null while none answers as the chain. */
  get current(): string | null {
    return this.using?.url ?? null;
  }

  /** Asks every endpoint at once (one round at a time); settles once they answered or their deadline passed. */
  probe(): Promise<void> {
    this.probing ??= this.probeAll().finally(() => (this.probing = null));
    return this.probing;
  }

  private async probeAll(): Promise<void> {
    const { probe, probeDeadlineMs } = this.options;
    const asked: Promise<ProbeVerdict>[] = [];
    for (const url of this.candidates) {
      asked.push(probe(this.kind, url, this.chainId, probeDeadlineMs));
      // One launch a turn of the event loop: all of them at once would hold the thread for a
      // few hundred milliseconds, and the service's first requests with it. They still run at once.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const verdicts = await Promise.all(asked);
    if (this.closed) return;
    this.probedAt = new Date();
    const answered = verdicts.filter((verdict): verdict is Answered => verdict.ok).sort(rank(this.kind));
    this.left = new Map(verdicts.flatMap((verdict) => (verdict.ok ? [] : [[verdict.url, verdict.why] as const])));
    // The endpoint in use stays while it still answers: switching costs a reader its connections.
    const kept = answered.find((verdict) => verdict.url === this.using?.url);
    const chosen = kept ?? answered[0];
    if (chosen !== undefined) this.saidNoneAnswers = false;
    if (chosen !== undefined && kept === undefined) {
      const why = `answered as ${this.chainId} in ${chosen.ms} ms${history(chosen)}`;
      this.using = { url: chosen.url, why, since: new Date() };
      this.failuresInARow = 0;
      this.options.log(`${this.label}: using ${chosen.url} (${why})`);
    }
    this.reserve = answered.filter((verdict) => verdict !== chosen);
    for (const spare of this.reserve)
      this.left.set(spare.url, `answered too, kept in reserve (${spare.ms} ms${history(spare)})`);
    if (chosen === undefined) {
      this.using = null;
      const seconds = this.options.retryMs / 1000;
      if (!this.saidNoneAnswers)
        this.options.log(
          `${this.label}: none of ${this.candidates.length} endpoints answers as ${this.chainId}; asking again every ${seconds} s`,
        );
      this.saidNoneAnswers = true;
      this.retry = setTimeout(() => void this.probe(), this.options.retryMs);
      this.retry.unref();
    }
  }

  /** A request to `url` was answered: the endpoint in use is well again. */
  succeeded(url: string): void {
    if (url === this.using?.url) this.failuresInARow = 0;
  }

  /** A request to `url` failed (`why`): after a few in a row, the next in reserve takes over and all are asked again. */
  failed(url: string, why: string): void {
    if (this.using === null || url !== this.using.url) return;
    if (++this.failuresInARow < this.options.failuresBeforeMoving) return;
    this.failuresInARow = 0;
    this.left.set(url, `failed while in use: ${why} (${new Date().toISOString()})`);
    const next = this.reserve.shift();
    this.using = next
      ? { url: next.url, why: `${url} failed (${why}); this one had answered as ${this.chainId}`, since: new Date() }
      : null;
    if (next) this.left.delete(next.url);
    this.options.log(`${this.label}: ${url} failed (${why}); ${next ? `moving to ${next.url}` : 'none in reserve'}`);
    void this.probe();
  }

  json(): EndpointChoiceJson {
    return {
      using: this.using?.url ?? null,
      why_using: this.using?.why ?? null,
      since: this.using?.since.toISOString() ?? null,
      left: [...this.left].map(([url, why]) => ({ url, why })),
      in_reserve: this.reserve.map((verdict) => verdict.url),
      probed_at: this.probedAt?.toISOString() ?? null,
      probing: this.probing !== null,
    };
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
  }
}
