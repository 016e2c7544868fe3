import { Client } from '@elastic/elasticsearch';
import { clusterConfigFromEnv, type ClusterClient, type ClusterConfig, withIndexShape } from '../cluster';
import { elasticsearchClusterClient } from './client-adapter';

export type ElasticsearchConfig = ClusterConfig;
export { DEFAULT_INDEX_PREFIX } from '../cluster';

/** One retry on another node; the proxy's own deadline bounds the wait. */
const MAX_RETRIES = 1;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Reads the configuration from ELASTICSEARCH_URL, ELASTICSEARCH_API_KEY (else `fallbackKey`), ELASTICSEARCH_USERNAME
 * and _PASSWORD, _CA_FILE, _INDEX_PREFIX, _SHARDS and _REPLICAS. Throws, naming the variable, on any mistake.
 */
export function elasticsearchConfigFromEnv(env: NodeJS.ProcessEnv = process.env, fallbackKey?: string): ElasticsearchConfig {
  return clusterConfigFromEnv(env, 'ELASTICSEARCH', 'Elasticsearch', fallbackKey);
}

export function createElasticsearchClient(config: ElasticsearchConfig): ClusterClient {
  const { url, apiKey, username, password, ca } = config;
  const client = new Client({
    ...(Array.isArray(url) ? { nodes: url } : { node: url }),
    ...(apiKey && { auth: { apiKey } }),
    ...(username && password && { auth: { username, password } }),
    ...(ca && { tls: { ca } }),
    maxRetries: MAX_RETRIES,
    requestTimeout: REQUEST_TIMEOUT_MS,
  });
  return withIndexShape(elasticsearchClusterClient(client), config);
}
