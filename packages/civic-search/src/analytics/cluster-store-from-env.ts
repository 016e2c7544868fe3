import { clusterClientFromEnv, type ClusterChoice } from '../search/cluster-client-from-env';
import { openClusterAnalyticsStore } from './cluster-store';
import type { SqliteAnalyticsLimits } from './sqlite-store';
import type { AnalyticsStore } from './types';

/**
 * The analytics store of a service whose backend is a cluster: in the same cluster, under the same index prefix,
 * read from the same environment variables as the backend. It has a client of its own, so a slow report never
 * waits behind visitors' searches for a connection, and closing it leaves the backend's client alone. It keeps a
 * day within the same bounds as the data folder's store would (`limits`, the service's analytics option).
 */
export async function clusterAnalyticsStoreFromEnv(
  product: ClusterChoice,
  env: NodeJS.ProcessEnv,
  limits?: SqliteAnalyticsLimits,
): Promise<AnalyticsStore> {
  const { client, config } = await clusterClientFromEnv(product, env);
  return openClusterAnalyticsStore({ client, indexPrefix: config.indexPrefix, shards: config.shards, replicas: config.replicas, limits });
}
