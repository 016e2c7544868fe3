import type { StopReason } from './crawl-report';

/**
 * When and why a run ends early. Once halted no further URL is started; the first reason given is the one reported.
 * Reaching the page limit lets requests under way finish; every other reason (an interrupt, the time limit, a service
 * that stopped taking writes) abandons them too, through `signal`.
 */
export class CrawlStop {
  reason: StopReason | undefined;
  private readonly controller = new AbortController();

  /** `outside` (Ctrl-C, the service closing) interrupts the run, even when it aborted before the run began. */
  constructor(outside?: AbortSignal) {
    if (!outside) return;
    if (outside.aborted) this.halt('interrupted');
    else outside.addEventListener('abort', () => this.halt('interrupted'), { once: true });
  }

  /** Aborts when the run's requests under way are to be abandoned. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopped(): boolean {
    return this.reason !== undefined;
  }

  halt(reason: StopReason): void {
    this.reason ??= reason;
    if (reason !== 'max-pages') this.controller.abort();
  }
}
