import type { CrawlLease, CrawlStore } from './crawl-store';

/** How long a crawl's lease lasts unless renewed: a process that died lets another crawl after this long. */
export const LEASE_TTL_MS = 30_000;

/**
 * An engine's crawl lease kept while this process crawls it: renewed every third of its time to live, and its
 * `signal` aborted when it is lost (it lapsed, say the process stalled, and another took it), so the crawl stops
 * before it overwrites the new holder's state. A renewal the store cannot answer (the cluster away) is tried again
 * at the next tick; the lease lapses by itself if it never gets through.
 */
export class HeldLease {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  #renewing = false;

  private constructor(
    private readonly lease: CrawlLease,
    ttlMs: number,
    onLost: () => void,
  ) {
    this.#timer = setInterval(() => {
      if (this.#renewing) return;
      this.#renewing = true;
      lease
        .renew()
        .then((kept) => {
          if (kept) return;
          clearInterval(this.#timer);
          this.#controller.abort(new Error('the crawl lease was lost to another process'));
          onLost();
        })
        .catch(() => undefined)
        .finally(() => {
          this.#renewing = false;
        });
    }, Math.max(1, Math.floor(ttlMs / 3)));
    this.#timer.unref();
  }

  /** Takes the engine's lease for `holder`, or answers undefined while another holds it. */
  static async take(store: CrawlStore, engine: string, holder: string, ttlMs: number, onLost: () => void): Promise<HeldLease | undefined> {
    const lease = await store.takeLease(engine, holder, ttlMs);
    return lease && new HeldLease(lease, ttlMs, onLost);
  }

  /** Aborted when the lease is lost. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get lost(): boolean {
    return this.#controller.signal.aborted;
  }

  async release(): Promise<void> {
    clearInterval(this.#timer);
    if (!this.lost) await this.lease.release();
  }
}
