import { join } from 'node:path';
import { OPERATOR_DB_FILE, openSqliteOperatorStore } from './sqlite-store';
import type { OperatorStore } from './types';

export * from './types';
export { cachedView } from './cached-view';
export { watchRevision } from './watch-revision';
export { OPERATOR_DB_FILE, openSqliteOperatorStore } from './sqlite-store';
export { CLUSTER_REVISION_TTL_MS, openClusterOperatorStore, operatorIndex, type ClusterOperatorStoreOptions } from './cluster-store';

/** The operator store of a service whose engines live in `dataDir` (the embedded backend): `<dataDir>/operator.db`. */
export function openDataFolderOperatorStore(dataDir: string): OperatorStore {
  return openSqliteOperatorStore(join(dataDir, OPERATOR_DB_FILE));
}
