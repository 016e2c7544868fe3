import { createElasticsearchBackend } from './backend';
import { createElasticsearchClient, elasticsearchConfigFromEnv } from './config';
import type { SearchBackend } from '../types';

export { createElasticsearchBackend, type ElasticsearchBackendOptions } from './backend';
export { createElasticsearchClient, elasticsearchConfigFromEnv, DEFAULT_INDEX_PREFIX, type ElasticsearchConfig } from './config';
export { CLICK_MAPPINGS, DOCUMENT_INDEX_SETTINGS, DOCUMENT_MAPPINGS, clicksIndex, documentsIndex } from './mapping';

/** The Elasticsearch backend configured from ELASTICSEARCH_URL, ELASTICSEARCH_API_KEY and ELASTICSEARCH_INDEX_PREFIX. */
export function createElasticsearchBackendFromEnv(env: NodeJS.ProcessEnv = process.env, fallbackKey?: string): SearchBackend {
  const config = elasticsearchConfigFromEnv(env, fallbackKey);
  return createElasticsearchBackend({ client: createElasticsearchClient(config), indexPrefix: config.indexPrefix });
}
