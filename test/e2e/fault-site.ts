import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { test } from '@playwright/test';
import { createSiteApp } from '../../examples/site/app';
import { createEmbeddedBackend } from 'civic-search';
import { siteSearchOptions } from '../../examples/site/search/site-search';
import { SEARCH_ENGINE } from '../../examples/site/search/search-engine';
import { siteDocuments } from '../../examples/content/site-documents';
import { createFaultBackend, type FaultBackend } from './fault-backend';
import { KIT_BUILDS, kitBuildFrom } from '../../scripts/kit-builds.mjs';

export interface FaultSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The site's search backend: switch its `searchMode` and `suggestMode` per test. */
  backend: FaultBackend;
  close(): Promise<void>;
}

/**
 * A second example site, served as examples/server.ts serves it, whose search backend is the real embedded one
 * wrapped in a FaultBackend. It listens on a port the system picks (so it never collides with another person's
 * E2E_PORT) and keeps its index in a folder of its own (so it never writes the main server's files). It serves the
 * build of the kit the running project tests (playwright.config.ts). Run from the repository root, as Playwright
 * is: the site serves dist/ and examples/assets relative to it.
 */
/** Searches give up after this long here (5 s on the real site), so the slow and hanging backends' tests are quick. */
export const FAULT_SITE_TIMEOUT_MS = 2000;

export async function startFaultSite(): Promise<FaultSite> {
  const dataDir = await mkdtemp(join(tmpdir(), 'civic-fault-search-'));
  const embedded = createEmbeddedBackend({ engines: { [SEARCH_ENGINE]: siteDocuments }, dataDir });
  const backend = createFaultBackend(embedded);
  const search = { ...siteSearchOptions({ SEARCH_DATA_DIR: dataDir }, backend), timeoutMs: FAULT_SITE_TIMEOUT_MS };
  const distRoot = KIT_BUILDS[kitBuildFrom(String(test.info().project.metadata.kitBuild ?? ''))];
  const { app } = await createSiteApp({ distRoot, search, searchTimeoutMs: FAULT_SITE_TIMEOUT_MS });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    backend,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
