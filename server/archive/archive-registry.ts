import type { ArchiveSource } from './api/archive-routes.ts';
import { startArchive, type Archive, type ArchiveConfig } from './archive-service.ts';

/** The archives a server keeps, by chain ('' is the local one); each opens in the background. */
export class ArchiveRegistry {
  private readonly archives = new Map<string, Archive | null>();

  get(name: string): ArchiveSource | null | undefined {
    return this.archives.get(name);
  }

  /** Starts an archive; while it opens, its API answers 503, and a failure is logged, not fatal. */
  open(name: string, config: ArchiveConfig): void {
    this.archives.set(name, null);
    const label = name === '' ? 'archive' : `archive of ${name}`;
    startArchive(config).then(
      (archive) => {
        this.archives.set(name, archive);
        config.log(
          `${label}: ${config.database.startsWith('postgres') ? 'PostgreSQL' : `PGlite in ${config.database}`}, following ${config.rpc}`,
        );
      },
      (error: unknown) => {
        this.archives.delete(name);
        config.log(`${label} could not start: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.archives.values()].map((archive) => archive?.close()));
  }
}
