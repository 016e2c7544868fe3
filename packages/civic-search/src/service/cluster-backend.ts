import type { EngineDefinition } from '../engines/engine-definition';
import type { EngineDocument } from '../engines/documents-file';
import { createClusterAdmin, createClusterBackend, indexEngine, type ClusterAdmin } from '../search/cluster';
import { clusterClientFromEnv, type ClusterChoice } from '../search/cluster-client-from-env';
import type { SearchBackend } from '../search/types';
import { openClusterOperatorStore, type OperatorStore } from '../operator-state';
import { openClusterCrawlStore } from '../crawler/cluster-crawl-store';
import type { CrawlStore } from '../crawler/crawl-store';

export type { ClusterChoice };

/**
 * How often each instance reads the engine catalog again. Engines and schemas live in the cluster, and several
 * instances may serve it: one made or changed through another instance is served here within this long (the
 * catalog is written with an immediate refresh). One small search of a small index, twice a second.
 */
const CATALOG_POLL_MS = 500;

/**
 * The search side and the write side over a cluster. Configured documents go into a new index each, which
 * replaces the old one behind its alias only once complete: searches keep answering from the previous index
 * meanwhile. The search side translates requests with each engine's schema, so it is made again whenever the
 * schemas the admin knows change (through this instance, or read from the catalog another instance wrote).
 */
export async function clusterBackend(
  choice: ClusterChoice,
  env: NodeJS.ProcessEnv,
  engines: readonly { definition: EngineDefinition; documents?: readonly EngineDocument[] }[],
): Promise<{
  backend: SearchBackend;
  admin: ClusterAdmin;
  watch(onChange: () => Promise<void>): void;
  /** The operator's records in the same cluster, over the backend's client (closing the backend closes it). */
  openOperatorStore(): Promise<OperatorStore>;
  /** The crawls' state, history and leases in the same cluster, over the backend's client. */
  openCrawlStore(): Promise<CrawlStore>;
}> {
  const {
    client,
    config: { indexPrefix },
  } = await clusterClientFromEnv(choice, env);
  try {
    await Promise.all(
      engines
        .filter(({ documents }) => documents !== undefined)
        .map(({ definition, documents }) => indexEngine(client, indexPrefix, definition, documents!)),
    );
    const admin = await createClusterAdmin({ client, indexPrefix, engines: engines.map(({ definition }) => definition) });
    let searching = createClusterBackend({ client, indexPrefix, engines: admin.definitions() });
    let servedSchemas = JSON.stringify(admin.definitions());
    const current = () => {
      const now = JSON.stringify(admin.definitions());
      if (now !== servedSchemas) {
        searching = createClusterBackend({ client, indexPrefix, engines: admin.definitions() });
        servedSchemas = now;
      }
      return searching;
    };
    let timer: NodeJS.Timeout | undefined;
    /** Calls `onChange` after each read of the catalog that found engines or schemas changed elsewhere. */
    const watch = (onChange: () => Promise<void>) => {
      let seen = JSON.stringify(admin.definitions());
      let reading = false;
      timer = setInterval(() => {
        if (reading) return;
        reading = true;
        admin
          .reload()
          .then(async () => {
            const now = JSON.stringify(admin.definitions());
            if (now === seen) return;
            seen = now;
            await onChange();
          })
          // The cluster being away is reported by the searches that need it; the next read tries again.
          .catch(() => undefined)
          .finally(() => {
            reading = false;
          });
      }, CATALOG_POLL_MS);
      timer.unref();
    };
    const backend: SearchBackend = {
      name: choice,
      search: (engine, request, signal) => current().search(engine, request, signal),
      suggest: (engine, request, signal) => current().suggest(engine, request, signal),
      click: (engine, click, signal) => current().click(engine, click, signal),
      close: async () => {
        clearInterval(timer);
        await client.close();
      },
    };
    const openOperatorStore = () => openClusterOperatorStore({ client, indexPrefix });
    const openCrawlStore = () => openClusterCrawlStore({ client, indexPrefix });
    return { backend, admin, watch, openOperatorStore, openCrawlStore };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
