import { Button } from '@mantine/core';

import type { ProofSubject } from '../../api/archive-proofs.ts';
import { useProofBundle } from '../../hooks/proof-bundle.ts';
import { saveFile } from '../../lib/export-notes.ts';

/**
 * "Download proof bundle": the archive's bundle for `subject`, saved byte for byte as it arrived
 * (the SHA-256 the exports name is that file's). Nothing where the archive has none to give.
 */
export function ProofDownloadButton({ endpoint, subject }: { endpoint: string; subject: ProofSubject }) {
  const { availability, bundle } = useProofBundle(endpoint, subject, true);
  if (availability.kind !== 'ask') return null;
  const file = bundle.data;
  return (
    <Button
      size="xs"
      variant="default"
      loading={bundle.isFetching && !file}
      disabled={!file}
      title={
        file
          ? `${file.fileName}, SHA-256 ${file.sha256}`
          : bundle.isError
            ? 'The archive sent no proof bundle'
            : undefined
      }
      onClick={() => file && saveFile(file.bytes, file.fileName, 'application/json')}
    >
      Download proof bundle (JSON)
    </Button>
  );
}
