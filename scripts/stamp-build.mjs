// The last step of `npm run build` and `npm run build:server`: the digest of what was built,
// beside it, so `npm start` does not build the same sources again.
import { BUILDS, stamp } from './build-inputs.mjs';

const build = BUILDS[process.argv[2]];
if (!build) {
  console.error(`usage: stamp-build.mjs ${Object.keys(BUILDS).join('|')}`);
  process.exit(2);
}
stamp(build);
