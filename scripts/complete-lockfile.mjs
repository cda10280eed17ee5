// npm ci refuses a lock that lacks any optional dependency, but this registry serves unrs-resolver's
// bindings for Linux only, so npm install leaves the other platforms out. Re-run after updating
// eslint-import-resolver-typescript or eslint-plugin-import-x: it adds the missing entries (os/cpu only,
// never installed on Linux) and leaves every other entry as it is.
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const parent = lock.packages['node_modules/unrs-resolver'];
const platform = {
  'android-arm-eabi': [['android'], ['arm']],
  'android-arm64': [['android'], ['arm64']],
  'darwin-arm64': [['darwin'], ['arm64']],
  'darwin-x64': [['darwin'], ['x64']],
  'freebsd-x64': [['freebsd'], ['x64']],
  'linux-arm-gnueabihf': [['linux'], ['arm']],
  'linux-arm-musleabihf': [['linux'], ['arm']],
  'linux-loong64-gnu': [['linux'], ['loong64']],
  'linux-loong64-musl': [['linux'], ['loong64']],
  'linux-ppc64-gnu': [['linux'], ['ppc64']],
  'linux-riscv64-gnu': [['linux'], ['riscv64']],
  'linux-riscv64-musl': [['linux'], ['riscv64']],
  'linux-s390x-gnu': [['linux'], ['s390x']],
  'openharmony-arm64': [['openharmony'], ['arm64']],
  'win32-arm64-msvc': [['win32'], ['arm64']],
  'win32-ia32-msvc': [['win32'], ['ia32']],
  'win32-x64-msvc': [['win32'], ['x64']],
};
for (const name of Object.keys(parent.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const suffix = name.replace('@unrs/resolver-binding-', '');
  const [os, cpu] = platform[suffix];
  lock.packages[key] = {
    version: parent.optionalDependencies[name],
    cpu,
    dev: true,
    license: 'MIT',
    optional: true,
    os,
  };
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
