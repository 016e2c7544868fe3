/**
 * Only the latest of overlapping requests is applied (older responses are ignored). Starting a
 * request aborts the one before it; a request that finishes after a newer one started is dropped, even if its
 * fetch ignored the abort signal.
 */
export type RequestOutcome<T> =
  | { status: 'applied'; value: T }
  /** A newer request started (or `abort()` was called) before this one finished: nothing was applied. */
  | { status: 'superseded' }
  | { status: 'failed'; error: unknown };

export interface LatestRequest {
  /**
   * Runs `task` with a fresh abort signal, aborting the previous task. When it resolves and is still the
   * latest, `apply` is called with its value, synchronously, before anything else can start.
   */
  run<T>(task: (signal: AbortSignal) => Promise<T>, apply: (value: T) => void): Promise<RequestOutcome<T>>;
  /** Aborts the running task, if any: its result will not be applied. */
  abort(): void;
  /** True while a task runs. */
  readonly pending: boolean;
}

export function createLatestRequest(): LatestRequest {
  let current: AbortController | undefined;
  return {
    async run<T>(task: (signal: AbortSignal) => Promise<T>, apply: (value: T) => void): Promise<RequestOutcome<T>> {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      const isLatest = () => current === controller && !controller.signal.aborted;
      try {
        const value = await task(controller.signal);
        if (!isLatest()) return { status: 'superseded' };
        current = undefined;
        apply(value);
        return { status: 'applied', value };
      } catch (error) {
        if (!isLatest()) return { status: 'superseded' };
        current = undefined;
        return { status: 'failed', error };
      }
    },
    abort() {
      current?.abort();
      current = undefined;
    },
    get pending() {
      return current !== undefined;
    },
  };
}
