import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { contextStorage } from 'hono/context-storage';
import type { ConsoleEnv } from './console-env';
import { CONSOLE_PATH } from './pages';

/** Where the console serves its browser code. */
export const ASSETS_PATH = `${CONSOLE_PATH}/assets`;

/** A file the build named by a hash of its content (`name-HASH.js`): its content never changes, so it is cached for a year. */
const HASHED_FILE = /^[a-z0-9-]+-[A-Z0-9]{8}\.js$/i;

/**
 * Where the package's build (build-console-client.mjs) puts the console's browser code: dist/console-assets of the
 * civic-search package, whether the service runs from its sources or from the built package.
 */
export function defaultAssetsDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('civic-search/package.json')), 'dist', 'console-assets');
}

export interface ConsoleClient {
  /** The address of the loader every page names; undefined when no built client was found. */
  script?: string;
  files: ReadonlyMap<string, Buffer>;
}

/**
 * Reads the built browser code once, at start: the loader's name from the build's manifest, and every hashed file.
 * Without a build the console runs without scripts (every page works without them) and says so once in the log.
 */
export function loadConsoleClient(dir: string, log: (message: string) => void): ConsoleClient {
  let loader: string;
  let names: string[];
  try {
    loader = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { loader: string }).loader;
    names = readdirSync(dir).filter((name) => HASHED_FILE.test(name));
  } catch {
    log(`console: no built browser code in ${dir} (run \`npm run build\`); its pages work without JavaScript, with tables in place of charts.`);
    return { files: new Map() };
  }
  const files = new Map(names.map((name) => [name, readFileSync(join(dir, name))]));
  if (!files.has(loader)) {
    log(`console: the build in ${dir} names a loader it does not hold (${loader}); its pages work without JavaScript.`);
    return { files: new Map() };
  }
  return { script: `${ASSETS_PATH}/${loader}`, files };
}

/**
 * Serves the browser code at `/console/assets/<file>`: only the files read at start, looked up by their exact name (so
 * no address reaches any other file), as JavaScript cached for a year; anything else is 404. The files are public:
 * they are the package's own code, with nothing of any council in them. Every console page learns the loader's
 * address through the request's context (Layout reads it).
 */
export function serveConsoleClient(app: Hono<ConsoleEnv>, client: ConsoleClient) {
  const withScript: MiddlewareHandler<ConsoleEnv> = async (c, next) => {
    if (client.script) c.set('clientScript', client.script);
    await next();
  };
  for (const path of [CONSOLE_PATH, `${CONSOLE_PATH}/*`]) app.use(path, contextStorage(), withScript);
  app.get(`${ASSETS_PATH}/:file`, (c) => {
    const body = client.files.get(c.req.param('file'));
    if (!body) return c.text('Not found', 404);
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}
