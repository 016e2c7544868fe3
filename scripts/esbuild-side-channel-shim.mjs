// An esbuild plugin doing what rollup.config.mjs does for the kit's build: qs's `side-channel` dependency is
// replaced by src/shims/side-channel.ts, and qs's require() gets the shim's default export. Used where code is
// bundled with esbuild to measure or test what the kit ships (bench/size.mjs, test/node/side-channel-shim.test.ts).
import { fileURLToPath } from 'node:url';

const SHIM = fileURLToPath(new URL('../src/shims/side-channel.ts', import.meta.url));

export const sideChannelShim = {
  name: 'qs-side-channel-shim',
  setup(build) {
    build.onResolve({ filter: /^side-channel$/ }, ({ importer }) =>
      importer.includes('/node_modules/qs/') ? { path: 'side-channel', namespace: 'side-channel-shim' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'side-channel-shim' }, () => ({
      contents: `module.exports = require(${JSON.stringify(SHIM)}).default;`,
      resolveDir: process.cwd(),
    }));
  },
};
