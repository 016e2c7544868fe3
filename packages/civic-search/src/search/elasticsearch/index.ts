import type { EngineDefinition } from '../../engines/engine-definition';
import type { SearchBackend } from '../types';
import { createElasticsearchBackend } from './backend';
import { createElasticsearchClient, elasticsearchConfigFromEnv } from './config';

export { createElasticsearchAdmin, type ElasticsearchAdmin, type ElasticsearchAdminOptions } from './admin';
export { createElasticsearchBackend, type ElasticsearchBackendOptions } from './backend';
export { DocumentsRejectedError } from './bulk-writes';
export { createElasticsearchClient, elasticsearchConfigFromEnv, DEFAULT_INDEX_PREFIX, type ElasticsearchConfig } from './config';
export { engineLayout, type EngineLayout, type FieldKind } from './engine-layout';
export { indexEngine, type IndexEngineOptions, type IndexEngineResult } from './index-engine';
export { FOLDING_ANALYZER, textAnalysisFor, type TextAnalysis } from './language-analysis';
export { CLICK_MAPPINGS, clicksIndex, documentsIndex, indexSettingsForEngine, mappingForEngine } from './mapping';

/**
 * The Elasticsearch backend for `engines`, configured from ELASTICSEARCH_URL, ELASTICSEARCH_API_KEY (else
 * `fallbackKey`) and ELASTICSEARCH_INDEX_PREFIX. An engine given by name alone holds content pages (PAGE_SCHEMA).
 */
export function createElasticsearchBackendFromEnv(
  env: NodeJS.ProcessEnv,
  fallbackKey: string | undefined,
  engines: readonly (string | EngineDefinition)[],
): SearchBackend {
  const config = elasticsearchConfigFromEnv(env, fallbackKey);
  return createElasticsearchBackend({ client: createElasticsearchClient(config), indexPrefix: config.indexPrefix, engines });
}
