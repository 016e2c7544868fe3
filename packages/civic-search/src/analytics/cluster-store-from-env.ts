import { createElasticsearchClient, elasticsearchConfigFromEnv } from '../search/elasticsearch';
import { createOpenSearchClient, opensearchConfigFromEnv } from '../search/opensearch';
import { openClusterAnalyticsStore } from './cluster-store';
import type { AnalyticsStore } from './types';

/**
 * The analytics store of a service whose backend is a cluster: in the same cluster, under the same index prefix,
 * read from the same environment variables as the backend. It has a client of its own, so a slow report never
 * waits behind visitors' searches for a connection, and closing it leaves the backend's client alone.
 */
export function clusterAnalyticsStoreFromEnv(product: 'elasticsearch' | 'opensearch', env: NodeJS.ProcessEnv): AnalyticsStore {
  const config = product === 'opensearch' ? opensearchConfigFromEnv(env) : elasticsearchConfigFromEnv(env);
  const client = product === 'opensearch' ? createOpenSearchClient(config) : createElasticsearchClient(config);
  return openClusterAnalyticsStore({ client, indexPrefix: config.indexPrefix, shards: config.shards, replicas: config.replicas });
}
