// Builds the console's browser code: the loader (the one script every console page names) and each island
// (src/console/client/islands/NAME.tsx) as a chunk of its own, with React in a chunk they share. Every file is named
// by a hash of its content, so the service can let browsers keep it for a year. The loader's name goes into
// manifest.json, which the service reads at start to know which script its pages name; the licences of the
// libraries bundled (React, the chart's) go into THIRD-PARTY-NOTICES.md beside them.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOTICES_FILE, noticesText, packageNotice, packageRootOf } from '../../scripts/third-party-notices.mjs';

const root = dirname(fileURLToPath(import.meta.url));

/** Where the package's own build puts the console's browser code (the service reads it from there). */
export const CONSOLE_ASSETS_DIR = join(root, 'dist', 'console-assets');

/** Builds into `outdir` (emptied first); answers the files written, the loader first. */
export async function buildConsoleClient(outdir = CONSOLE_ASSETS_DIR) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: { loader: 'src/console/client/loader.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // The browsers the kit supports.
    target: ['chrome109', 'firefox115', 'safari15.6'],
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'react',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const files = Object.keys(metafile.outputs).map((file) => basename(file));
  const loader = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === 'src/console/client/loader.ts');
  if (!loader) throw new Error('The console client build made no loader.');
  writeFileSync(join(outdir, 'manifest.json'), `${JSON.stringify({ loader: basename(loader[0]), files }, null, 2)}\n`);
  writeFileSync(join(outdir, NOTICES_FILE), noticesText(bundledPackages(metafile), "The console's browser files (`dist/console-assets/`)"));
  return [basename(loader[0]), ...files.filter((file) => file !== basename(loader[0]))];
}

/** The notices of the npm packages with code in the output (one per name and version). */
function bundledPackages(metafile) {
  const roots = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const packageRoot = bytesInOutput > 0 ? packageRootOf(resolve(root, input)) : undefined;
      if (packageRoot) roots.add(packageRoot);
    }
  }
  return [...new Map([...roots].map(packageNotice).map((notice) => [`${notice.name}@${notice.version}`, notice])).values()];
}
