// `npm run bench:archive`: only the archive's figures (the full `npm run bench` includes them).
import { archiveBench } from './archive-bench.ts';

archiveBench().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
