import type { HeaderVault, VerifiedBlock } from '../../source/light-client.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { saveSignedHeader, signedHeaderAtOrBelow } from '../../store/proofs/proof-store.ts';

// The light client's memory of verified headers, kept in the archive's database so a restart
// (or another process on the same database) never checks a header's signatures twice.

export function headerVault(db: ArchiveStore['db']): HeaderVault {
  return {
    async atOrBelow(height) {
      const stored = await signedHeaderAtOrBelow(db, height);
      if (!stored) return null;
      const block: VerifiedBlock = {
        header: stored.header,
        hash: stored.hash,
        validators: stored.validators,
        commit: stored.commit,
        parent: stored.parent,
      };
      return block;
    },
    async save(block) {
      await saveSignedHeader(db, {
        height: BigInt(block.header.height),
        hash: block.hash,
        header: block.header,
        commit: block.commit,
        validators: block.validators,
        parent: block.parent,
      });
    },
  };
}
