import { LOCAL_CHAIN_NAME } from '../lib/chain-listing.ts';
import type { ArchiveSource } from './api/archive-source.ts';
import type { Archive, ArchiveConfig } from './archive-service.ts';

/** The archives a server keeps, by chain ('' is the local one); each opens in the background. */
export class ArchiveRegistry {
  private readonly archives = new Map<string, Archive | null>();
  /** Why an archive could not start, by chain: its API says so (503) instead of pretending there is none. */
  private readonly failures = new Map<string, string>();

  get(name: string): ArchiveSource | null | undefined {
    return this.archives.get(name);
  }

  failure(name: string): string | undefined {
    return this.failures.get(name);
  }

  /**
   * Starts an archive once `after` settles (at once by default); until it opens, its API answers
   * 503, and a failure is logged, not fatal. Settles once the archive answers (or is known not
   * to): a service says it is up only then.
   */
  open(name: string, config: ArchiveConfig, after: Promise<void> = Promise.resolve()): Promise<void> {
    this.archives.set(name, null);
    // Its log lines, and the follower's, say which archive they are about: the local one or an
    // upstream; its webhooks and feeds name the chain so too.
    const named = name === '' ? LOCAL_CHAIN_NAME : name;
    const label = `archive ${named}`;
    return after
      .then(async () => {
        // Loaded only now, once the server listens: the follower, its readers, the webhooks, the
        // databases' drivers and the light client are a third of the service's modules, and the
        // first answer needs none of them (under tsx, loading them cost about a second of it).
        const { startArchive } = await import('./archive-service.ts');
        return startArchive(config, named);
      })
      .then(
        (archive) => {
          this.archives.set(name, archive);
          config.log(
            `${label}: ${config.database.startsWith('postgres') ? 'PostgreSQL' : `PGlite in ${config.database}`}, following ${config.rpc}`,
          );
        },
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          this.archives.delete(name);
          this.failures.set(name, reason);
          config.log(`${label} could not start: ${reason}`);
        },
      );
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.archives.values()].map((archive) => archive?.close()));
  }
}
