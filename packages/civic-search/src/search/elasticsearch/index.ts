import type { EngineDefinition } from '../../engines/engine-definition';
import { createClusterBackend } from '../cluster';
import type { SearchBackend } from '../types';
import { createElasticsearchClient, elasticsearchConfigFromEnv } from './config';

export {
  createClusterAdmin as createElasticsearchAdmin,
  type ClusterAdmin as ElasticsearchAdmin,
  type ClusterAdminOptions as ElasticsearchAdminOptions,
  createClusterBackend as createElasticsearchBackend,
  type ClusterBackendOptions as ElasticsearchBackendOptions,
  DocumentsRejectedError,
  engineLayout,
  type EngineLayout,
  type FieldKind,
  indexEngine,
  type IndexEngineOptions,
  type IndexEngineResult,
  FOLDING_ANALYZER,
  textAnalysisFor,
  type TextAnalysis,
  CLICK_MAPPINGS,
  clicksIndex,
  documentsIndex,
  indexSettingsForEngine,
  mappingForEngine,
} from '../cluster';
export { elasticsearchClusterClient } from './client-adapter';
export { createElasticsearchClient, elasticsearchConfigFromEnv, DEFAULT_INDEX_PREFIX, type ElasticsearchConfig } from './config';

/**
 * The Elasticsearch backend for `engines`, configured from ELASTICSEARCH_URL, ELASTICSEARCH_API_KEY (else
 * `fallbackKey`) and the other ELASTICSEARCH_ variables (see config.ts). An engine given by name alone holds
 * content pages (PAGE_SCHEMA).
 */
export function createElasticsearchBackendFromEnv(
  env: NodeJS.ProcessEnv,
  fallbackKey: string | undefined,
  engines: readonly (string | EngineDefinition)[],
): SearchBackend {
  const config = elasticsearchConfigFromEnv(env, fallbackKey);
  return createClusterBackend({ client: createElasticsearchClient(config), indexPrefix: config.indexPrefix, engines });
}
