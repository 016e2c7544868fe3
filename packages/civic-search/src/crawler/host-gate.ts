/**
 * Politeness towards one host: at most `concurrency` requests at once, and at least `delayMs` between the starts of
 * two requests. Starts are taken in turn, each measured from the moment the previous one really started (a timer
 * that fires late never lets the next start early). A host that asks the crawler to wait (Retry-After on 429 or
 * 503) holds every later start until then.
 */
export class HostGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Resolves with the time the latest start happened, once it has. */
  private lastStart: Promise<number> = Promise.resolve(0);
  private holdUntil = 0;

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
    this.holdUntil = Math.max(this.holdUntil, Date.now() + ms);
  }

  /** Waits for this host's next start: the delay after the previous start, and any hold. */
  async pace(signal?: AbortSignal): Promise<void> {
    const previous = this.lastStart;
    let started!: (at: number) => void;
    this.lastStart = new Promise((resolve) => (started = resolve));
    try {
      const before = await previous;
      for (;;) {
        const wait = Math.max(before + this.delayMs, this.holdUntil) - Date.now();
        if (wait <= 0 || signal?.aborted) break;
        await sleep(wait, signal);
      }
    } finally {
      started(Date.now());
    }
  }

  /** Runs `task` when the host may take another request; `signal` gives up waiting (the task is then not run). */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T | undefined> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      await this.pace(signal);
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
