import { Client } from '@opensearch-project/opensearch';
import { clusterConfigFromEnv, type ClusterClient, type ClusterConfig, withIndexShape } from '../cluster';
import { opensearchClusterClient } from './client-adapter';

export type OpenSearchConfig = ClusterConfig;

/** One retry on another node; the proxy's own deadline bounds the wait. */
const MAX_RETRIES = 1;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Reads the configuration from OPENSEARCH_URL (comma-separated for several nodes), OPENSEARCH_USERNAME and
 * OPENSEARCH_PASSWORD, OPENSEARCH_CA_FILE, OPENSEARCH_INDEX_PREFIX, OPENSEARCH_SHARDS and OPENSEARCH_REPLICAS.
 * Throws, naming the variable, on any mistake. OpenSearch has no API keys of Elasticsearch's kind: a key given
 * in OPENSEARCH_API_KEY is sent as `Authorization: ApiKey <key>` for a gateway in front of the cluster that
 * takes one; the proxy's own key is never sent in its place.
 */
export function opensearchConfigFromEnv(env: NodeJS.ProcessEnv = process.env): OpenSearchConfig {
  return clusterConfigFromEnv(env, 'OPENSEARCH', 'OpenSearch');
}

export function createOpenSearchClient(config: OpenSearchConfig): ClusterClient {
  const { url, apiKey, username, password, ca } = config;
  const client = new Client({
    nodes: Array.isArray(url) ? url : [url],
    ...(username && password && { auth: { username, password } }),
    ...(apiKey && { headers: { authorization: `ApiKey ${apiKey}` } }),
    ...(ca && { ssl: { ca } }),
    maxRetries: MAX_RETRIES,
    requestTimeout: REQUEST_TIMEOUT_MS,
  });
  return withIndexShape(opensearchClusterClient(client), config);
}
