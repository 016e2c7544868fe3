/** The durable engine store: engines, schemas and documents of the embedded backend, kept in a write-ahead log. */
export {
  openEngineStore,
  DEFAULT_SNAPSHOT_AFTER_BYTES,
  DEFAULT_SNAPSHOT_AFTER_RECORDS,
  type EngineStore,
  type EngineStoreOptions,
  type StoreChange,
  type StoreRecovery,
} from './engine-store';
export { StoreStartError } from './recovery';
export { StoreLockedError } from './store-lock';
