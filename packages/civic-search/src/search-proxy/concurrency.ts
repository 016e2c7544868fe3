/**
 * At most `max` backend calls at a time; the others wait in turn. A waiting call whose signal aborts (its deadline
 * passed, its client left) leaves the queue without ever reaching the backend. Each call starts in a macrotask of
 * its own, so a backend that computes synchronously (the embedded engine) still lets deadlines fire and other
 * requests be read between searches, instead of running a whole burst back to back.
 */
import { untilAborted } from './deadline';
export interface Limiter {
  run<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T>;
  /** Calls running and waiting, for tests and diagnostics. */
  readonly running: number;
  readonly waiting: number;
}

export function createLimiter(max: number): Limiter {
  if (!(max >= 1)) throw new Error('The concurrency limit must be at least 1.');
  let running = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    running -= 1;
    queue.shift()?.();
  };

  const slot = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      signal.throwIfAborted();
      if (running < max) {
        running += 1;
        resolve();
        return;
      }
      const take = () => {
        signal.removeEventListener('abort', leave);
        running += 1;
        resolve();
      };
      const leave = () => {
        queue.splice(queue.indexOf(take), 1);
        reject(signal.reason);
      };
      queue.push(take);
      signal.addEventListener('abort', leave, { once: true });
    });

  return {
    async run(work, signal) {
      await slot(signal);
      try {
        await new Promise<void>((resolve) => setImmediate(resolve));
        signal.throwIfAborted();
        return await untilAborted(work(), signal);
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
