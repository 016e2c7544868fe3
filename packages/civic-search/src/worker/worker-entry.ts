// The worker's entry: serves the host module named in workerData over the port to the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import type { HostSpec } from './protocol';
import { serveHost } from './serve-host';

if (!parentPort) throw new Error('worker-entry runs in a worker thread (see createWorkerBackend).');
serveHost(parentPort, workerData as HostSpec);
