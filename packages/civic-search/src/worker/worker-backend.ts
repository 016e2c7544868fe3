import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { EngineAdmin } from '../engines/engine-admin';
import { BackendError, type SearchBackend } from '../search/types';
import { startEntryWorker } from './entry-location';
import type { FromWorker, HostSpec, ToWorker, WireError } from './protocol';
import { cancelSlot, newSlot } from './shared-signal';
import { fromWire } from './wire-errors';

/** A cancelled call the worker has not let go of within this time means its thread is stuck: it is replaced. */
export const DEFAULT_CANCEL_GRACE_MS = 1_000;
/** After a worker could not start, calls fail at once for this long; the first call after it starts another. */
export const DEFAULT_START_RETRY_MS = 5_000;
/** The wait before restarting a worker that crashed soon after the last restart; doubles each time, to the maximum. */
export const DEFAULT_RESTART_BACKOFF_MS = 250;
const MAX_RESTART_BACKOFF_MS = 10_000;
/** A worker that ran this long before it crashed is restarted at once, whatever came before. */
const HEALTHY_RUN_MS = 30_000;
/** How long close() waits for the host to close before ending the worker anyway. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

export interface WorkerHostOptions {
  /**
   * The host module: a URL, an absolute path, a path starting with `./` or `../` (from the working directory), or a
   * bare specifier (resolved from the worker's entry). See `packageModuleUrl` for this package's own modules.
   */
  module: string | URL;
  /** The export that makes the host (default `createHost`). */
  exportName?: string;
  /** Handed to the factory; structured-cloneable only (no functions). Loaded again by each new worker. */
  options?: unknown;
}

export interface WorkerBackendOptions {
  host: WorkerHostOptions;
  /** The backend's name (default `worker`). */
  name?: string;
  /** See DEFAULT_CANCEL_GRACE_MS. */
  cancelGraceMs?: number;
  /** See DEFAULT_START_RETRY_MS. */
  startRetryMs?: number;
  /** See DEFAULT_RESTART_BACKOFF_MS. */
  restartBackoffMs?: number;
  /** See DEFAULT_CLOSE_TIMEOUT_MS. */
  closeTimeoutMs?: number;
  /** Memory limits of each worker (Node's `resourceLimits`). */
  resourceLimits?: ResourceLimits;
  /** Where restarts are told, one line each (default console.error). */
  log?: (line: string) => void;
}

export interface WorkerHealth {
  /** `starting` until the host is made; `restarting` while waiting to start a new one; `failed` after a failed start. */
  state: 'starting' | 'running' | 'restarting' | 'failed' | 'closed';
  /** Workers started after the first (crashes, stuck calls, failed starts retried). */
  restarts: number;
  /** Calls the current worker has not answered (cancelled ones included until it lets go of them). */
  pendingCalls: number;
  /** The share of time the current worker's event loop has been busy since it started (0 to 1). */
  utilization?: number;
}

export interface WorkerBackend extends SearchBackend, EngineAdmin {
  /** Resolves once the worker started and the host's own `ready()` (if it has one) resolved. */
  ready(): Promise<void>;
  /** Closes the host (its `close()`), then ends the worker; calls after it fail with BackendError. */
  close(): Promise<void>;
  /** Calls any other method of the host; with `signal`, it is cancellable as searches are. */
  call<T = unknown>(method: string, args?: readonly unknown[], signal?: AbortSignal): Promise<T>;
  health(): WorkerHealth;
}

interface PendingCall {
  method: string;
  slot?: SharedArrayBuffer;
  /** The caller has its answer (or its rejection): whatever comes later is dropped. */
  settled: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  stopListening?: () => void;
  graceTimer?: NodeJS.Timeout;
}

interface RunningWorker {
  worker: Worker;
  calls: Map<number, PendingCall>;
  startedAt: number;
  /** The host was made. */
  started: boolean;
  /** Lost, replaced or closed: its calls have been failed and it no longer takes new ones. */
  ended: boolean;
  onClosed?: (error?: WireError) => void;
}

const shuttingDown = () => new BackendError('The search backend is shutting down.');

/** The module as the worker imports it: a URL string or a bare specifier. */
function moduleSpecifier(module: string | URL): string {
  if (module instanceof URL) return module.href;
  if (isAbsolute(module) || module.startsWith('./') || module.startsWith('../')) return pathToFileURL(resolve(module)).href;
  return module;
}

/** Waits for `promise`, or rejects with the signal's reason as soon as it aborts. */
function orAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A backend whose calls run in a worker thread: the worker loads the host module, makes the host with its factory,
 * and runs each call there, so a costly search never holds the main thread. Each cancellable call has a slot in
 * shared memory that the host's signal reads, so a search checking its signal stops at its next check when the
 * caller gives up; a worker that does not let go of a cancelled call within the grace time is ended and replaced,
 * and so is one that crashes. The new worker's host loads its state again (from disk, for a durable host).
 */
export function createWorkerBackend(options: WorkerBackendOptions): WorkerBackend {
  const {
    name = 'worker',
    cancelGraceMs = DEFAULT_CANCEL_GRACE_MS,
    startRetryMs = DEFAULT_START_RETRY_MS,
    restartBackoffMs = DEFAULT_RESTART_BACKOFF_MS,
    closeTimeoutMs = DEFAULT_CLOSE_TIMEOUT_MS,
    resourceLimits,
    log = (line: string) => console.error(line),
  } = options;
  const spec: HostSpec = {
    module: moduleSpecifier(options.host.module),
    exportName: options.host.exportName ?? 'createHost',
    options: options.host.options,
  };
  const say = (line: string) => log(`search worker: ${line}`);

  let nextId = 1;
  let restarts = 0;
  let spawned = 0;
  /** Starts or crashes in a row without a healthy run between them. */
  let failures = 0;
  let latest: RunningWorker | undefined;
  /** The worker calls go to: started, starting, or to be started after a backoff. */
  let current: Promise<RunningWorker> | undefined;
  let restartPending = false;
  let startFailure: { message: string; retryAt: number } | undefined;
  const closing = new AbortController();
  let closed: Promise<void> | undefined;

  const finish = (call: PendingCall, outcome: () => void) => {
    if (call.settled) return;
    call.settled = true;
    call.stopListening?.();
    outcome();
  };
  const failAll = (running: RunningWorker, error: () => Error) => {
    for (const call of running.calls.values()) {
      clearTimeout(call.graceTimer);
      finish(call, () => call.reject(error()));
    }
    running.calls.clear();
  };

  const couldNotStart = (detail: string) => new BackendError(`The search worker could not start: ${detail}`);

  /** A new worker; one that cannot even be created (its entry missing, say) is a failed start: undefined. */
  const spawn = (): RunningWorker | undefined => {
    if (spawned++ > 0) restarts += 1;
    let worker: Worker;
    try {
      worker = startEntryWorker({ workerData: spec, ...(resourceLimits && { resourceLimits }) });
    } catch (error) {
      const detail = (error as Error).message;
      failures += 1;
      startFailure = { message: detail, retryAt: performance.now() + startRetryMs };
      say(`a worker could not be created (${detail}); calls fail for ${startRetryMs} ms, then one tries again`);
      latest = undefined;
      return undefined;
    }
    const running: RunningWorker = { worker, calls: new Map(), startedAt: performance.now(), started: false, ended: false };
    latest = running;
    worker.on('message', (message: FromWorker) => received(running, message));
    worker.on('error', (error: Error) => lost(running, error.message));
    worker.on('exit', (code) => lost(running, `it exited with code ${code}`));
    return running;
  };
  const spawnNow = (): Promise<RunningWorker> | undefined => {
    const running = spawn();
    return running && Promise.resolve(running);
  };

  /**
   * An idle worker does not keep the process alive (a script that made a service and finished exits; a server is
   * kept alive by its sockets); one with calls under way does, so an awaited answer always arrives.
   */
  const idleUnlessCalled = (running: RunningWorker) => {
    if (running.started && running.calls.size === 0) running.worker.unref();
  };

  const received = (running: RunningWorker, message: FromWorker) => {
    switch (message.kind) {
      case 'started':
        running.started = true;
        startFailure = undefined;
        idleUnlessCalled(running);
        return;
      case 'start-failed':
        return lost(running, message.error.message);
      case 'result':
      case 'failure': {
        const call = running.calls.get(message.id);
        if (!call) return;
        running.calls.delete(message.id);
        idleUnlessCalled(running);
        clearTimeout(call.graceTimer);
        finish(call, () => (message.kind === 'result' ? call.resolve(message.value) : call.reject(fromWire(message.error))));
        return;
      }
      case 'cancel-seen':
        // Its event loop turned: the thread is not stuck in synchronous work, whatever the host does with the call.
        clearTimeout(running.calls.get(message.id)?.graceTimer);
        return;
      case 'closed':
        return running.onClosed?.(message.error);
    }
  };

  /** The worker ended without being asked (start failure, crash): its calls fail, and another is started. */
  const lost = (running: RunningWorker, detail: string) => {
    if (running.ended) return;
    running.ended = true;
    void running.worker.terminate();
    if (closing.signal.aborted) {
      failAll(running, shuttingDown);
      running.onClosed?.();
      return;
    }
    if (latest === running) current = undefined;
    const now = performance.now();
    if (!running.started) {
      failures += 1;
      startFailure = { message: detail, retryAt: now + startRetryMs };
      failAll(running, () => couldNotStart(detail));
      say(`the worker could not start (${detail}); calls fail for ${startRetryMs} ms, then one starts another`);
      return;
    }
    failures = now - running.startedAt >= HEALTHY_RUN_MS ? 1 : failures + 1;
    const delay = failures <= 1 ? 0 : Math.min(restartBackoffMs * 2 ** (failures - 2), MAX_RESTART_BACKOFF_MS);
    failAll(running, () => new BackendError(`The search worker stopped unexpectedly: ${detail}`));
    say(`the worker stopped unexpectedly (${detail}); a new one starts${delay > 0 ? ` in ${delay} ms` : ''}`);
    current = delay === 0 ? spawnNow() : afterBackoff(delay);
  };

  const afterBackoff = (delay: number): Promise<RunningWorker> => {
    restartPending = true;
    const next = new Promise<RunningWorker>((resolve, reject) => {
      const onClose = () => {
        clearTimeout(timer);
        reject(shuttingDown());
      };
      const timer = setTimeout(() => {
        closing.signal.removeEventListener('abort', onClose);
        restartPending = false;
        const running = spawn();
        if (running) return resolve(running);
        if (current === next) current = undefined;
        reject(couldNotStart(startFailure?.message ?? 'unknown'));
      }, delay);
      closing.signal.addEventListener('abort', onClose, { once: true });
    });
    // Nobody may be waiting for it: a rejection at close is not an unhandled one.
    next.catch(() => undefined);
    return next;
  };

  /** A cancelled call the worker still holds after the grace time: its thread is stuck, so it is replaced. */
  const stuck = (running: RunningWorker, call: PendingCall) => {
    if (running.ended || closing.signal.aborted) return;
    running.ended = true;
    void running.worker.terminate();
    say(`a cancelled ${call.method} call was still running ${cancelGraceMs} ms after it was cancelled; the worker was ended and a new one started`);
    failAll(running, () => new BackendError(`The search worker was restarted (a cancelled ${call.method} call would not stop) while this call ran.`));
    if (latest === running) current = spawnNow();
  };

  const acquire = (): Promise<RunningWorker> => {
    if (closing.signal.aborted) return Promise.reject(shuttingDown());
    if (current) return current;
    if (!startFailure || performance.now() >= startFailure.retryAt) current = spawnNow();
    return current ?? Promise.reject(couldNotStart(startFailure?.message ?? 'unknown'));
  };

  const cancel = (running: RunningWorker, id: number, call: PendingCall, reason: unknown) => {
    if (call.settled) return;
    cancelSlot(call.slot!, reason);
    finish(call, () => call.reject(reason));
    if (running.ended) return;
    running.worker.postMessage({ kind: 'cancel', id } satisfies ToWorker);
    call.graceTimer = setTimeout(() => {
      if (running.calls.has(id)) stuck(running, call);
    }, cancelGraceMs);
  };

  const call = async <T>(method: string, args: readonly unknown[] = [], signal?: AbortSignal): Promise<T> => {
    signal?.throwIfAborted();
    const running = await orAbort(acquire(), signal);
    signal?.throwIfAborted();
    if (running.ended) throw new BackendError('The search worker stopped before the call was sent.');
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const pending: PendingCall = { method, settled: false, resolve: resolve as (value: unknown) => void, reject };
      if (signal) {
        pending.slot = newSlot();
        const onAbort = () => cancel(running, id, pending, signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.stopListening = () => signal.removeEventListener('abort', onAbort);
      }
      running.calls.set(id, pending);
      running.worker.ref();
      try {
        running.worker.postMessage({ kind: 'call', id, method, args: [...args], slot: pending.slot } satisfies ToWorker);
      } catch (error) {
        // Arguments that cannot be cloned (a function, say) never reach the worker.
        running.calls.delete(id);
        finish(pending, () => reject(error));
      }
    });
  };

  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing.abort();
      current = undefined;
      const running = latest;
      if (!running || running.ended) return;
      const error = await new Promise<WireError | undefined>((resolve) => {
        const timer = setTimeout(() => {
          say(`the host did not close within ${closeTimeoutMs} ms; the worker was ended`);
          resolve(undefined);
        }, closeTimeoutMs);
        running.onClosed = (closeError) => {
          clearTimeout(timer);
          resolve(closeError);
        };
        running.worker.postMessage({ kind: 'close' } satisfies ToWorker);
      });
      running.ended = true;
      failAll(running, shuttingDown);
      await running.worker.terminate();
      if (error) throw fromWire(error);
    })();
    return closed;
  };

  const forward =
    <K extends keyof EngineAdmin>(method: K) =>
    (...args: Parameters<EngineAdmin[K]>) =>
      call(method, args) as ReturnType<EngineAdmin[K]>;

  // Start at once: the host loads its state while the service finishes starting.
  acquire().catch(() => undefined);

  return {
    name,
    search: (engine, request, signal) => call('search', [engine, request], signal),
    suggest: (engine, request, signal) => call('suggest', [engine, request], signal),
    click: (engine, click, signal) => call('click', [engine, click], signal),
    listEngines: forward('listEngines'),
    engineInfo: forward('engineInfo'),
    createEngine: forward('createEngine'),
    deleteEngine: forward('deleteEngine'),
    schema: forward('schema'),
    updateSchema: forward('updateSchema'),
    putDocuments: forward('putDocuments'),
    patchDocuments: forward('patchDocuments'),
    getDocuments: forward('getDocuments'),
    listDocuments: forward('listDocuments'),
    deleteDocuments: forward('deleteDocuments'),
    ready: () => call<void>('ready'),
    close,
    call,
    health() {
      const running = latest && !latest.ended ? latest : undefined;
      const state: WorkerHealth['state'] = closing.signal.aborted
        ? 'closed'
        : restartPending
          ? 'restarting'
          : !running
            ? 'failed'
            : running.started
              ? 'running'
              : 'starting';
      return {
        state,
        restarts,
        pendingCalls: running?.calls.size ?? 0,
        ...(running && { utilization: running.worker.performance.eventLoopUtilization().utilization }),
      };
    },
  };
}
