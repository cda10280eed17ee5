// Writes the light-client vectors (verify/testing/light-vectors.ts) where the Go checker reads them.
import { writeFileSync } from 'node:fs';

import { register } from 'tsx/esm/api';

register();
const { lightVectors } = await import('../verify/testing/light-vectors.ts');
const vectors = lightVectors();
const file = new URL('../test-vectors/light-client-vectors.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(vectors, null, 1)}\n`);
console.log(
  `${vectors.length} vectors (${vectors.filter((vector) => !vector.expect.accept).length} refusals) written to test-vectors/light-client-vectors.json`,
);
