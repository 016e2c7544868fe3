/**
 * Politeness towards one host: at most `concurrency` requests at once, and at least `delayMs` between the starts of
 * two requests. A host that asks the crawler to wait (Retry-After on 429 or 503) holds every later start until then.
 */
export class HostGate {
  private active = 0;
  private nextStart = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private delayMs: number,
  ) {}

  /** Raises the delay between starts (robots.txt's Crawl-delay when larger than the configured one). */
  atLeast(delayMs: number): void {
    this.delayMs = Math.max(this.delayMs, delayMs);
  }

  get delay(): number {
    return this.delayMs;
  }

  /** No request starts before `ms` from now. */
  holdFor(ms: number): void {
    this.nextStart = Math.max(this.nextStart, Date.now() + ms);
  }

  /** Waits for the next start the delay allows, within a request already running (a redirect's next hop). */
  async pace(signal?: AbortSignal): Promise<void> {
    const start = Math.max(Date.now(), this.nextStart);
    this.nextStart = start + this.delayMs;
    if (start > Date.now()) await sleep(start - Date.now(), signal);
  }

  /** Runs `task` when the host may take another request; `signal` gives up waiting (the task is then not run). */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T | undefined> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      // Each start reserves its slot in time before waiting, so two tasks never take the same one.
      const start = Math.max(Date.now(), this.nextStart);
      this.nextStart = start + this.delayMs;
      const wait = start - Date.now();
      if (wait > 0) await sleep(wait, signal);
      if (signal?.aborted) return undefined;
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
