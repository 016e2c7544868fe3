import { existsSync } from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Where the worker's entry is, in both ways this package runs:
 * - from its TypeScript sources (inside the repository, `node --conditions=source --import tsx`): the entry is
 *   `worker-entry.ts` beside this file, and the worker needs a TypeScript loader of its own (below);
 * - from the published bundle (`dist/`): the entry is `dist/worker-entry.js`, and this code sits either in an entry
 *   file in `dist/` or in a shared chunk in `dist/chunks/`.
 */

const HERE = import.meta.url;
/** This code runs from its TypeScript source, so the worker must load TypeScript too. */
const FROM_SOURCE = new URL(HERE).pathname.endsWith('.ts');
const BUNDLED_ENTRY = 'worker-entry.js';

/** The worker entry's URL; throws, naming where it looked, when the bundle lacks it. */
export function workerEntryUrl(): URL {
  if (FROM_SOURCE) return new URL('./worker-entry.ts', HERE);
  const candidates = [new URL(`./${BUNDLED_ENTRY}`, HERE), new URL(`../${BUNDLED_ENTRY}`, HERE)];
  const found = candidates.find((url) => existsSync(url));
  if (!found) throw new Error(`The search worker's entry is missing: looked for ${candidates.map((url) => url.pathname).join(' and ')}.`);
  return found;
}

/**
 * A module of this package that a worker loads (a host module), named both ways: its source URL (used when running
 * from source) and its file name in `dist/` (used in the published bundle, next to the worker entry).
 */
export function packageModuleUrl(source: URL, bundledFile: string): URL {
  return FROM_SOURCE ? source : new URL(bundledFile, workerEntryUrl());
}

/**
 * Node 20's workers do not inherit the main thread's module hooks, so tsx, loaded by `--import tsx` (which workers
 * inherit in execArgv), registers itself only on the main thread there; newer Node versions let it register in
 * workers too. So the worker tries the entry first and registers tsx only when TypeScript did not load.
 * Everything it needs is resolved here, on the main thread, and passed in as URLs.
 */
function sourceBootstrap(entry: URL): string {
  let tsx: string | null = null;
  try {
    tsx = import.meta.resolve('tsx/esm/api');
  } catch {
    // No tsx: whatever loads TypeScript on the main thread has to load it in the worker too.
  }
  return `
const entry = ${JSON.stringify(entry.href)};
const tsx = ${JSON.stringify(tsx)};
import(entry).catch(async (error) => {
  const notLoaded = error && (error.code === 'ERR_UNKNOWN_FILE_EXTENSION' || error.code === 'ERR_MODULE_NOT_FOUND');
  if (!notLoaded || !tsx) throw error;
  (await import(tsx)).register();
  // Another URL than the failed attempt's, which the module loader remembers.
  await import(entry + '?loaded-with-tsx');
});
`;
}

/** Starts a worker running the entry, from source or from the bundle. */
export function startEntryWorker(options: WorkerOptions): Worker {
  const entry = workerEntryUrl();
  return FROM_SOURCE ? new Worker(sourceBootstrap(entry), { ...options, eval: true }) : new Worker(entry, options);
}
