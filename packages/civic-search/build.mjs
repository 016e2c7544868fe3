// Builds civic-search for publishing: each public entry bundled with what it uses of `civic-elements/core` (built in
// from the kit's sources, so a server installs no civic-elements and no React), every dependency left to npm; the
// console's browser code (build-console-client.mjs); then the type declarations, with the kit's types they use copied
// in beside them.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOptions } from './bundle-options.mjs';
import { inlineKitTypes } from './kit-types.mjs';
import { buildConsoleClient } from './build-console-client.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  // The worker's entry and the host it loads are entries of their own, in the same run (shared chunks), so the
  // worker and the main thread share one copy of the error classes the calls' failures are rebuilt as.
  entryPoints: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'search-page': 'src/search-page/index.tsx',
    'worker-entry': 'src/worker/worker-entry.ts',
    'durable-embedded': 'src/service/durable-embedded.ts',
    'analysis-host': 'src/search/embedded/analysis-host.ts',
  },
  outdir: 'dist',
  ...bundleOptions,
  jsx: 'automatic',
  jsxImportSource: 'hono/jsx',
  logLevel: 'warning',
  legalComments: 'none',
});
chmodSync(join(dist, 'cli.js'), 0o755);
await buildConsoleClient();

execFileSync(process.execPath, [join(root, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
inlineKitTypes(join(dist, 'types'));
// Consumers on Node's module rules need explicit .js files in the declarations' relative imports.
execFileSync(process.execPath, [join(root, '..', '..', 'scripts', 'declaration-extensions.mjs'), join(dist, 'types')], { stdio: 'inherit' });
