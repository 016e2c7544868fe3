import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { bundleOptions } from '../../packages/civic-search/bundle-options.mjs';
import { RUN } from './fixtures/worker/busy-host';

const run = promisify(execFile);
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Run by plain Node (no TypeScript loader) against the bundle; prints what it saw as JSON. */
const SCRIPT = `
import { createWorkerBackend, packageModuleUrl } from './dist/worker-index.js';
import { UnknownEngineError } from './dist/service.js';

const [dataDir] = process.argv.slice(2);
const progress = new Int32Array(new SharedArrayBuffer(16));
const backend = createWorkerBackend({
  // In the bundle the source URL is not used: the host is found beside the worker entry.
  host: { module: packageModuleUrl(new URL('file:///not/in/the/bundle.ts'), 'busy-host.js'), options: { dataDir, progress: progress.buffer } },
});
await backend.createEngine('site', 'en');
await backend.putDocuments('site', [{ id: 'bins', title: 'Bins and recycling' }]);
const found = await backend.search('site', { query: 'bins' });
const unknown = await backend.search('elsewhere', { query: 'bins' }).catch((error) => error);
const controller = new AbortController();
const busy = backend.search('site', { query: 'busy 20000' }, controller.signal);
while (Atomics.load(progress, 1) !== 1) await new Promise((resolve) => setTimeout(resolve, 5));
controller.abort();
const aborted = await busy.catch((error) => error.name);
while (Atomics.load(progress, 1) === 1) await new Promise((resolve) => setTimeout(resolve, 5));
const loop = Atomics.load(progress, 1);
await backend.close();
console.log(JSON.stringify({
  titles: found.results.map((result) => result.title.raw),
  unknownEngine: unknown instanceof UnknownEngineError,
  aborted,
  loop,
  execArgv: process.execArgv,
}));
`;

describe('worker backend: from the published bundle', () => {
  it('finds its worker entry beside the bundle when its code is in a shared chunk, and runs without a TypeScript loader', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'worker-bundle-'));
    dirs.push(dir);
    await mkdir(join(dir, 'data'));
    // A second entry sharing the worker code puts it in a chunk, as the package's index and cli entries do.
    const service = join(dir, 'service.ts');
    await writeFile(
      service,
      `export { createWorkerBackend } from ${JSON.stringify(source('../../packages/civic-search/src/worker/index.ts'))};\n` +
        `export { UnknownEngineError } from ${JSON.stringify(source('../../packages/civic-search/src/search/types.ts'))};\n`,
    );
    await build({
      entryPoints: {
        'worker-index': source('../../packages/civic-search/src/worker/index.ts'),
        'worker-entry': source('../../packages/civic-search/src/worker/worker-entry.ts'),
        'busy-host': source('./fixtures/worker/busy-host.ts'),
        service,
      },
      outdir: join(dir, 'dist'),
      // As the package is built: its dependencies left to npm, the kit's core built in.
      ...bundleOptions,
      logLevel: 'warning',
    });
    await writeFile(join(dir, 'run.mjs'), SCRIPT);
    const chunks = await readdir(join(dir, 'dist', 'chunks'));
    const chunkWithWorkerCode = await Promise.all(chunks.map((chunk) => readFile(join(dir, 'dist', 'chunks', chunk), 'utf8')));
    assert.ok(chunkWithWorkerCode.some((code) => code.includes('worker-entry.js')), 'the code that finds the entry is in a chunk');

    const { stdout } = await run(process.execPath, [join(dir, 'run.mjs'), join(dir, 'data')], { cwd: dir, env: { PATH: process.env.PATH } });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!);
    assert.deepEqual(seen, {
      titles: ['Bins and recycling'],
      unknownEngine: true,
      aborted: 'AbortError',
      loop: RUN.stoppedByAbort,
      execArgv: [],
    });
  });
});
