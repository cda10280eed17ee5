import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import type { ProofSubject } from '../api/archive-proofs.ts';
import { proofBundleQuery } from '../hooks/proof-bundle.ts';
import { saveFile } from '../lib/export-notes.ts';
import { useArchiveAvailability } from './archive-gate.tsx';

/**
 * "Download proof bundle": the archive's bundle for `subject`, saved byte for byte as it arrived
 * (the SHA-256 the exports name is that file's). Nothing on an endpoint without an archive.
 */
export function ProofDownloadButton({ endpoint, subject }: { endpoint: string; subject: ProofSubject }) {
  const present = useArchiveAvailability(endpoint) === 'present';
  const bundle = useQuery(proofBundleQuery(endpoint, present ? subject : null));
  if (!present) return null;
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
