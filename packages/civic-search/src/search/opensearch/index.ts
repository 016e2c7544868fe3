import type { EngineDefinition } from '../../engines/engine-definition';
import { createClusterBackend } from '../cluster';
import type { SearchBackend } from '../types';
import { createOpenSearchClient, opensearchConfigFromEnv } from './config';

export { opensearchClusterClient } from './client-adapter';
export { createOpenSearchClient, opensearchConfigFromEnv, type OpenSearchConfig } from './config';

/**
 * The OpenSearch backend for `engines`, configured from the OPENSEARCH_ variables (see config.ts). The requests
 * are the cluster code's, the same as the Elasticsearch backend's; only the client differs.
 */
export function createOpenSearchBackendFromEnv(env: NodeJS.ProcessEnv, engines: readonly (string | EngineDefinition)[]): SearchBackend {
  const config = opensearchConfigFromEnv(env);
  return createClusterBackend({ client: createOpenSearchClient(config), indexPrefix: config.indexPrefix, engines });
}
