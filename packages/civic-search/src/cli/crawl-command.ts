import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crawlSite, type CrawlSummary } from '../crawler/crawl';
import { readState, stateWriter } from '../crawler/crawl-state';
import { formatSummary, progressReporter } from '../crawler/progress';
import { adminSink, httpSink, type DocumentSink } from '../crawler/sinks';
import { createSearchService, type SearchService } from '../service/create-search-service';
import { crawlHelp, readCrawlSettings } from './crawl-options';
import { UsageError } from './serve-options';

/**
 * `civic-search crawl`: crawls a site into an engine of a running service (--service) or of a data folder no service
 * holds (--data). Resolves with the exit code: 0 when anything could be crawled (failures of some pages are in the
 * summary and the report), 1 when nothing could, 2 for a bad command line.
 */
export async function runCrawlCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(crawlHelp());
    return 0;
  }
  let service: SearchService | undefined;
  const stop = new AbortController();
  const interrupt = () => {
    console.error('\ncivic-search crawl: stopping (writing what was crawled and saving the state)...');
    stop.abort();
  };
  try {
    const options = await readCrawlSettings(args, env);
    for (const warning of options.warnings) console.error(`civic-search crawl: warning: ${warning}`);
    const { CRAWL_SCHEMA, CRAWL_SEARCH_FIELDS } = await import('../crawler/extract/index');
    let sink: DocumentSink;
    if (options.target.kind === 'service') {
      sink = httpSink({ service: options.target.url, engine: options.engine, privateKey: options.target.privateKey });
    } else {
      try {
        // The same store `serve --data` opens; the engine is made (or given the crawl's fields and weights) here.
        service = await createSearchService({
          dataDir: options.target.dir,
          inProcess: true,
          engines: [{ name: options.engine, schema: CRAWL_SCHEMA, searchFields: CRAWL_SEARCH_FIELDS }],
        });
      } catch (error) {
        if ((error as Error).name === 'StoreLockedError') {
          throw new Error(
            `a civic-search service is running on ${options.target.dir} (${(error as Error).message}). ` +
              'Crawl through it instead: --service <its URL> with --private-key-file.',
          );
        }
        throw error;
      }
      sink = adminSink(service.admin!, options.engine);
    }
    await sink.prepare(CRAWL_SCHEMA);
    const state = await readState(options.stateFile, options.settings.start, options.engine);
    const reporter = await progressReporter(process.stderr, (line) => console.error(line));
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    let summary: CrawlSummary;
    try {
      summary = await crawlSite(options.settings, {
        sink,
        state,
        saveState: stateWriter(options.stateFile),
        signal: stop.signal,
        onProgress: (progress) => reporter.update(progress),
      });
    } finally {
      reporter.stop();
    }
    console.log(formatSummary(summary, sink.description));
    if (options.reportFile) {
      await mkdir(dirname(options.reportFile), { recursive: true });
      await writeFile(options.reportFile, `${JSON.stringify({ start: options.settings.start, engine: options.engine, ...summary }, null, 2)}\n`);
    }
    return summary.answered > 0 ? 0 : 1;
  } catch (error) {
    console.error(`civic-search crawl: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await service?.close();
  }
}
