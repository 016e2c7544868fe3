import type { CrawlRun } from './crawl-run';

/** Progress is reported at most this often while pages are visited (and always at the start and the end). */
const PROGRESS_EVERY_MS = 200;

/**
 * Visits the queued URLs, `concurrency` at once, following their links, until the queue is empty or the run stops.
 * Once `maxPages` URLs have been started, one still waiting halts the run. A visit that throws is a failure of its
 * URL, never of the crawl.
 */
export function visitQueue(run: CrawlRun): Promise<void> {
  const { queue } = run.frontier;
  let lastProgress = 0;
  return new Promise<void>((resolve) => {
    let active = 0;
    let dispatched = 0;
    const pump = () => {
      while (active < run.settings.concurrency && queue.length > 0 && !run.stop.stopped) {
        if (dispatched >= run.settings.maxPages) {
          run.stop.halt('max-pages');
          break;
        }
        dispatched++;
        const item = queue.shift()!;
        active++;
        run
          .visit(item, true)
          .catch((error: Error) => run.report.fail(item.url.href, `unexpected error: ${error.message}`))
          .finally(() => {
            active--;
            if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
              lastProgress = Date.now();
              run.progress();
            }
            pump();
          });
      }
      if (active === 0 && (queue.length === 0 || run.stop.stopped)) resolve();
    };
    pump();
  });
}
