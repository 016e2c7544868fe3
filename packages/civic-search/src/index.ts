/**
 * civic-search: a self-hosted search service that speaks Elastic App Search's API. See README.md.
 *
 *   const service = await createSearchService({ engines: [{ name: 'site', documents: './documents.ndjson' }] });
 *   serve({ fetch: service.fetch, port: 3002 });
 */
export {
  createSearchService,
  DEFAULT_DATA_DIR,
  type BackendChoice,
  type DocumentSource,
  type EngineOptions,
  type SearchService,
  type SearchServiceOptions,
} from './service/create-search-service';
export { searchProxy, type SearchProxyOptions, DEFAULT_RATE_LIMIT, trustedHeaderAddress, type RateLimitOptions } from './search-proxy';
export {
  checkCostBudgetOptions,
  clientAddress,
  costLimit,
  createCostBudget,
  DEFAULT_COST_BUDGET,
  DEFAULT_MAX_ANSWER_BYTES,
  type CostBudget,
  type CostBudgetOptions,
  type CostLimitOptions,
} from './search-proxy';
export { createEmbeddedBackend, type EmbeddedBackend, type EmbeddedBackendOptions } from './search/embedded/backend';
export {
  createElasticsearchBackend,
  createElasticsearchBackendFromEnv,
  createElasticsearchClient,
  elasticsearchConfigFromEnv,
  indexEngine,
  indexSettingsForEngine,
  mappingForEngine,
  createElasticsearchAdmin,
  type ElasticsearchAdmin,
  type ElasticsearchAdminOptions,
  type ElasticsearchBackendOptions,
} from './search/elasticsearch';
export { createOpenSearchBackendFromEnv, createOpenSearchClient, opensearchConfigFromEnv, type OpenSearchConfig } from './search/opensearch';
export {
  createClusterAdmin,
  createClusterBackend,
  clusterConfigFromEnv,
  type ClusterAdmin,
  type ClusterClient,
  type ClusterConfig,
} from './search/cluster';
export { BackendError, InvalidRequestError, UnknownEngineError, type SearchBackend, type SiteDocument } from './search/types';
export { FIELD_TYPES, type EngineSchema, type FieldType, type SearchFieldWeights } from './engines/engine-schema';
export { pageEngine, type EngineDefinition } from './engines/engine-definition';
export { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from './engines/page-schema';
export { readDocumentsFile, inferSchema, DocumentsFileError, type EngineDocument } from './engines/documents-file';
export { DocumentsRejectedError, EngineExistsError, isEngineAdmin, type EngineAdmin, type EngineInfo } from './engines/engine-admin';
export { EngineRegistry } from './engines/engine-registry';
export { writeApi, type WriteApiOptions, type WriteApiChange } from './write-api';
export {
  openEngineStore,
  StoreStartError,
  StoreLockedError,
  type EngineStore,
  type EngineStoreOptions,
  type StoreChange,
  type StoreRecovery,
} from './store';
export {
  createWorkerBackend,
  type WorkerBackend,
  type WorkerBackendOptions,
  type WorkerHealth,
  type WorkerHostOptions,
} from './worker';
export { createDurableEmbedded, type DurableEmbedded, type DurableEmbeddedOptions, type EngineSeed } from './service/durable-embedded';
export { runCli } from './cli/run';
