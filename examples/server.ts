/**
 * Runs the example site: `npm start` (builds the kit first), then open http://127.0.0.1:8080.
 * PORT and HOST override where it listens; SEARCH_BACKEND (embedded or elasticsearch) and the variables in
 * examples/site/search/search-backend.ts choose the search backend.
 */
import { serve } from '@hono/node-server';
import { createSiteApp } from './site/app';
import { siteSearchFromEnv } from './site/search/search-backend';

const port = Number(process.env.PORT ?? 8080);
const hostname = process.env.HOST ?? '127.0.0.1';

const search = siteSearchFromEnv();
const server = serve({ fetch: createSiteApp({ search }).fetch, port, hostname }, (info) => {
  console.log(`Example site: http://${hostname}:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(async () => {
      await search.backend.close?.();
      process.exit(0);
    }),
  );
}
