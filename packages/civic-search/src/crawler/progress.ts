import type { CrawlProgress, CrawlSummary } from './crawl';

export interface ProgressReporter {
  update(progress: CrawlProgress): void;
  stop(): void;
}

/** On a terminal a plain line is written at least this often and every this many pages; in CI no bar is drawn. */
const LINE_EVERY_MS = 5000;
const LINE_EVERY_PAGES = 100;

const rate = (fetched: number, started: number) => (fetched / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1);

export function progressLine(progress: CrawlProgress, started: number): string {
  return (
    `found ${progress.found}, fetched ${progress.fetched}, indexed ${progress.indexed}, unchanged ${progress.unchanged}, ` +
    `skipped ${progress.skipped}, failed ${progress.failed} (${rate(progress.fetched, started)} pages/s)`
  );
}

/**
 * The crawl's progress: a bar on a terminal (cli-progress, loaded only then), plain lines elsewhere (CI logs, files),
 * one every 5 s or 100 pages, so a log stays readable.
 */
export async function progressReporter(stream: NodeJS.WriteStream, log: (line: string) => void): Promise<ProgressReporter> {
  const started = Date.now();
  if (stream.isTTY) {
    const { default: cliProgress } = await import('cli-progress');
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: '{bar} {value}/{total} fetched | indexed {indexed}, unchanged {unchanged}, skipped {skipped}, failed {failed} | {rate} pages/s',
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(1, 0, { indexed: 0, unchanged: 0, skipped: 0, failed: 0, rate: '0.0' });
    return {
      update(progress) {
        bar.setTotal(Math.max(1, progress.found));
        bar.update(progress.fetched, { ...progress, rate: rate(progress.fetched, started) });
      },
      stop: () => bar.stop(),
    };
  }
  let lastTime = started;
  let lastPages = 0;
  return {
    update(progress) {
      if (Date.now() - lastTime < LINE_EVERY_MS && progress.fetched - lastPages < LINE_EVERY_PAGES) return;
      lastTime = Date.now();
      lastPages = progress.fetched;
      log(`civic-search crawl: ${progressLine(progress, started)}`);
    },
    stop: () => undefined,
  };
}

const STOPPED: Record<NonNullable<CrawlSummary['stoppedBy']>, string> = {
  'max-pages': 'stopped at the page limit (--max-pages)',
  'max-time': 'stopped at the time limit (--max-time)',
  interrupted: 'interrupted',
  service: 'stopped: the service did not take the writes',
};

function outcome(summary: CrawlSummary): string {
  if (summary.complete) return 'complete';
  if (summary.stoppedBy) return STOPPED[summary.stoppedBy];
  return summary.answered === 0 ? 'nothing could be crawled' : 'incomplete';
}

/** The summary printed at the end: counts, why it stopped, the site's problems and each failure with its URL. */
export function formatSummary(summary: CrawlSummary, target: string): string {
  const lines = [
    `civic-search crawl: ${outcome(summary)} in ${summary.seconds.toFixed(1)} s into ${target}`,
    `  found ${summary.found}, fetched ${summary.fetched}: indexed ${summary.indexed}, unchanged ${summary.unchanged}, ` +
      `skipped ${summary.skipped}, deleted ${summary.deleted}, failed ${summary.failed}`,
  ];
  if (!summary.complete) lines.push('  (documents of pages not reached were kept: only a complete crawl deletes pages no longer found)');
  for (const note of summary.notes) lines.push(`  note: ${note}`);
  if (summary.failures.length > 0) {
    lines.push(`  failures:`);
    for (const failure of summary.failures.slice(0, 50)) lines.push(`    ${failure.url}: ${failure.reason}`);
    if (summary.failures.length > 50) lines.push(`    ... and ${summary.failures.length - 50} more (--report <file> lists them all)`);
  }
  return lines.join('\n');
}
