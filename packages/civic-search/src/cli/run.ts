import { serve } from '@hono/node-server';
import { createSearchService } from '../service/create-search-service';
import { readServeSettings, serveHelp, UsageError } from './serve-options';

const USAGE = [
  'Usage: civic-search serve [options]   (civic-search serve --help lists every option)',
  '       civic-search crawl <site URL> --engine <name> (--service <url> | --data <dir>)   (civic-search crawl --help)',
  '       civic-search test-relevance --service <url> --engine <name>   (civic-search test-relevance --help)',
].join('\n');

/** Runs the command line; resolves with the exit code once the command ends (serve: when it is stopped). */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(command === undefined ? USAGE : serveHelp());
    return command === undefined ? 1 : 0;
  }
  if (command === 'crawl') {
    // Loaded only for this command, so `serve` does not pay for the crawler's libraries at start.
    const { runCrawlCommand } = await import('./crawl-command');
    return runCrawlCommand(rest, env);
  }
  if (command === 'test-relevance') {
    const { runTestRelevanceCommand } = await import('./test-relevance-command');
    return runTestRelevanceCommand(rest, env);
  }
  if (command !== 'serve') {
    console.error(`civic-search: unknown command ${JSON.stringify(command)}.\n${USAGE}`);
    return 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(serveHelp());
    return 0;
  }
  try {
    const settings = await readServeSettings(rest, env);
    const service = await createSearchService(settings.service);
    if (service.privateKey.source === 'generated') {
      console.log(`civic-search: made a private key for writes and administration, kept in ${service.privateKey.file} (owner-only)`);
    } else if (service.privateKey.source === 'stored') {
      console.log(`civic-search: private key read from ${service.privateKey.file}`);
    }
    await service.ready();
    const server = serve({ fetch: service.fetch, port: settings.port, hostname: settings.host });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    const origin = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
    for (const engine of service.engines) {
      const fields = Object.keys(engine.schema).length;
      console.log(`civic-search: engine "${engine.name}" (${fields} fields) at ${origin}/api/as/v1/engines/${engine.name}/search.json`);
    }
    if (service.engines.length === 0) console.log(`civic-search: no engines yet: create one with POST ${origin}/api/as/v1/engines`);
    if (service.admin) console.log(`civic-search: write API at ${origin}/api/as/v1/engines (Authorization: Bearer <private key>)`);
    const origins = settings.service.corsOrigins ?? [];
    if (origins.length > 0) console.log(`civic-search: pages of ${origins.join(', ')} may search`);
    for (const crawl of settings.service.crawls ?? []) {
      const every = crawl.everyMs ? ` and every ${crawl.everyMs / 3_600_000 >= 1 ? `${+(crawl.everyMs / 3_600_000).toFixed(2)} h` : `${Math.round(crawl.everyMs / 60_000)} min`}` : '';
      console.log(`civic-search: crawling ${crawl.url} into "${crawl.engine}" now${every}; POST ${origin}/api/crawl re-crawls one of its pages`);
    }
    // Last, so a script waiting for this line knows everything above has been said and the service answers.
    console.log(`civic-search: listening on ${origin}`);
    return await new Promise<number>((resolve) => {
      const stop = () => server.close(() => void service.close().finally(() => resolve(0)));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  } catch (error) {
    console.error(`civic-search: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof UsageError ? 2 : 1;
  }
}
