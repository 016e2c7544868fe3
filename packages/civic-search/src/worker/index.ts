/** Running a backend in a worker thread, with real cancellation. See README.md. */
export {
  createWorkerBackend,
  DEFAULT_CANCEL_GRACE_MS,
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_RESTART_BACKOFF_MS,
  DEFAULT_START_RETRY_MS,
  type WorkerBackend,
  type WorkerBackendOptions,
  type WorkerHealth,
  type WorkerHostOptions,
} from './worker-backend';
export { packageModuleUrl } from './entry-location';
export type { Host } from './serve-host';
