/**
 * The example site for a bench, serving one build of the kit (scripts/kit-builds.mjs) on a port the system picks,
 * with its search data in a scratch folder: the search service locks its folder, so a bench never collides with
 * someone's `npm start` or e2e run, and two builds' sites can run one after the other without sharing state.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createSiteApp } from '../examples/site/app';
import { siteSearchOptions } from '../examples/site/search/site-search';
import { KIT_BUILDS, type KitBuild } from '../scripts/kit-builds.mjs';

export interface BenchSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

export async function startBenchSite(build: KitBuild): Promise<BenchSite> {
  const dataDir = await mkdtemp(join(tmpdir(), 'civic-bench-site-'));
  const { app, search } = await createSiteApp({
    distRoot: KIT_BUILDS[build],
    search: siteSearchOptions({ ...process.env, SEARCH_DATA_DIR: join(dataDir, 'search') }),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await search.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
