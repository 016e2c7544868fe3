// Builds civic-search for publishing: each public entry bundled with its share of the kit's framework-free core
// (relative imports), every package dependency left to npm; the console's browser code (build-console-client.mjs);
// then the type declarations.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
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
// Consumers on Node's module rules need explicit .js files in the declarations' relative imports.
execFileSync(process.execPath, [join(root, '..', '..', 'scripts', 'declaration-extensions.mjs'), join(dist, 'types')], { stdio: 'inherit' });
