export { createClusterAdmin, type ClusterAdmin, type ClusterAdminOptions } from './admin';
export { createClusterBackend, type ClusterBackendOptions } from './backend';
export { DocumentsRejectedError } from './bulk-writes';
export {
  ClusterResponseError,
  ClusterTransportError,
  type BulkAllResult,
  type ClusterClient,
  type ClusterProduct,
  type ClusterRequestOptions,
} from './cluster-client';
export { clusterConfigFromEnv, DEFAULT_INDEX_PREFIX, type ClusterConfig } from './cluster-config';
export { engineLayout, type EngineLayout, type FieldKind } from './engine-layout';
export { indexEngine, type IndexEngineOptions, type IndexEngineResult } from './index-engine';
export { withIndexShape } from './index-shape';
export { FOLDING_ANALYZER, textAnalysisFor, type TextAnalysis } from './language-analysis';
export { CLICK_MAPPINGS, clicksIndex, documentsIndex, indexSettingsForEngine, mappingForEngine } from './mapping';
