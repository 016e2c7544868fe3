/**
 * Runs the example site: `npm start` (builds the kit first), then open http://127.0.0.1:8080.
 * PORT and HOST override where it listens; CIVIC_BUILD chooses the kit's build it serves (react, the default, or
 * lean: see scripts/kit-builds.mjs); SEARCH_BACKEND (embedded, elasticsearch or opensearch), SEARCH_DATA_DIR and
 * SEARCH_PRIVATE_KEY configure its search service (examples/site/search/site-search.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createSiteApp } from './site/app';
import { KIT_BUILDS, kitBuildFrom, type KitBuild } from '../scripts/kit-builds.mjs';

const port = Number(process.env.PORT ?? 8080);
const hostname = process.env.HOST ?? '127.0.0.1';

let build: KitBuild;
try {
  build = kitBuildFrom(process.env.CIVIC_BUILD);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const distRoot = KIT_BUILDS[build];
if (!existsSync(join(distRoot, 'autoload.js'))) console.warn(`No build in ${distRoot}/ yet: run \`npm run build\` for the elements.`);

const { app, search } = await createSiteApp({ distRoot });
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`Example site: http://${hostname}:${info.port} (the kit's ${build} build, ${distRoot}/)`);
  // The key itself is never printed: the search manager reads it from the file the service keeps it in.
  const keyFile = search.privateKey.file ?? 'SEARCH_PRIVATE_KEY';
  console.log(`Search console: http://${hostname}:${info.port}/console (sign in with the private key in ${keyFile})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(async () => {
      await search.close();
      process.exit(0);
    }),
  );
}
