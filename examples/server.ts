/**
 * Runs the example site: `npm start` (builds the kit first), then open http://127.0.0.1:8080.
 * PORT and HOST override where it listens; SEARCH_BACKEND (embedded or elasticsearch), SEARCH_DATA_DIR and
 * SEARCH_PRIVATE_KEY configure its search service (examples/site/search/site-search.ts).
 */
import { serve } from '@hono/node-server';
import { createSiteApp } from './site/app';

const port = Number(process.env.PORT ?? 8080);
const hostname = process.env.HOST ?? '127.0.0.1';

const { app, search } = await createSiteApp();
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`Example site: http://${hostname}:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(async () => {
      await search.close();
      process.exit(0);
    }),
  );
}
