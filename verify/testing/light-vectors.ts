import { boundVectors } from './vectors/bound-vectors.ts';
import { genesisDocumentVectors, witnessVectors } from './vectors/genesis-document-vectors.ts';
import { genesisVectors, signatureVectors } from './vectors/signature-vectors.ts';
import { stepVectors } from './vectors/step-vectors.ts';
import type { LightVector } from './vectors/vector-kit.ts';

export type { LightVector } from './vectors/vector-kit.ts';

// Light-client vectors, one row per rule (CometBFT's table-test style): what a lying node or a
// forged bundle could hand a verifier, and what CometBFT's own light client says of it. The same
// rows are written to test-vectors/light-client-vectors.json for the Go checker (checker/), which
// runs them through CometBFT's `light` package: both must accept and refuse the same rows.

/** Every vector, in a stable order (the Go checker and the committed file follow it). */
export function lightVectors(): LightVector[] {
  return [
    ...stepVectors(),
    ...boundVectors(),
    ...signatureVectors(),
    ...genesisVectors(),
    ...genesisDocumentVectors(),
    ...witnessVectors(),
  ];
}
