import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CRAWL_DEFAULTS, type CrawlSettings } from '../crawler/crawl';
import { hostOf, parseCrawlConfig } from '../crawler/crawl-config';
import { parseDuration } from '../crawler/durations';
import { privateKeyOption } from './private-key-option';
import { UsageError } from './serve-options';

/** Every option of `civic-search crawl`, with its help text. */
export const CRAWL_OPTIONS = {
  engine: { type: 'string', value: '<name>', help: 'The engine to fill (created with the crawl schema when missing). Required.' },
  service: { type: 'string', value: '<url>', help: 'A running civic-search service to write to, e.g. http://127.0.0.1:3002.' },
  'private-key-file': {
    type: 'string',
    value: '<file>',
    help: "A file holding the service's private key (or set CIVIC_SEARCH_PRIVATE_KEY). With --service.",
  },
  'private-key': { type: 'string', value: '<key>', help: 'The key on the command line: other users can read it in the process list. Avoid.' },
  data: {
    type: 'string',
    value: '<dir>',
    help: "Instead of --service: write into the data folder of a service that is not running (serve's --data).",
  },
  config: { type: 'string', value: '<file.json>', help: 'Crawl options in JSON: include, exclude, hosts, limits, extraction, ... (see the README).' },
  include: { type: 'string', multiple: true, value: '<glob>', help: 'Crawl only paths matching this glob (e.g. /services/**). Repeatable.' },
  exclude: { type: 'string', multiple: true, value: '<glob>', help: 'Never crawl paths matching this glob (e.g. /search*). Repeatable.' },
  host: { type: 'string', multiple: true, value: '<host>', help: "Crawl this host too (the start URL's host always; www. is another host). Repeatable." },
  'max-pages': { type: 'string', value: '<n>', help: `Fetch at most this many pages (default ${CRAWL_DEFAULTS.maxPages}).` },
  'max-time': { type: 'string', value: '<duration>', help: 'Stop after this long, e.g. 30m (default 1h).' },
  concurrency: { type: 'string', value: '<n>', help: `Requests at once to one host (default ${CRAWL_DEFAULTS.concurrency}).` },
  delay: {
    type: 'string',
    value: '<ms>',
    help: `Milliseconds between requests to one host (default ${CRAWL_DEFAULTS.delayMs}); a larger robots.txt Crawl-delay wins (up to 60 s).`,
  },
  'user-agent': { type: 'string', value: '<text>', help: 'The User-Agent header (default civic-search-crawler/<version> with a link to what it is).' },
  state: {
    type: 'string',
    value: '<file>',
    help: 'The crawl state, for incremental re-crawls (default .civic-search/crawl-<engine>.json here; with --data, inside it).',
  },
  report: { type: 'string', value: '<file.json>', help: 'Write the summary and every failure with its URL and reason to this file.' },
  help: { type: 'boolean', value: '', help: 'This text.' },
} as const;

export interface CrawlCommandSettings {
  settings: CrawlSettings;
  engine: string;
  target: { kind: 'service'; url: string; privateKey: string } | { kind: 'data'; dir: string };
  stateFile: string;
  reportFile?: string;
  /** Warnings to print before starting (a key given on the command line). */
  warnings: string[];
}

const positiveWhole = (text: string | undefined, flag: string, max: number) => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) throw new UsageError(`--${flag} ${JSON.stringify(text)}: give a whole number from 1 to ${max}.`);
  return Number(text);
};

/** `civic-search crawl`'s settings from its arguments, the environment and the --config file (flags win). */
export async function readCrawlSettings(args: readonly string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<CrawlCommandSettings> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        Object.entries(CRAWL_OPTIONS).map(([name, option]) => [name, { type: option.type, ...('multiple' in option && { multiple: true }) }]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('. To specify')[0]}. See civic-search crawl --help.`);
  }
  const values = parsed.values as Record<string, string | string[] | undefined>;
  const flag = (name: keyof typeof CRAWL_OPTIONS) => values[name] as string | undefined;
  const many = (name: keyof typeof CRAWL_OPTIONS) => (values[name] as string[] | undefined) ?? [];
  if (parsed.positionals.length !== 1) throw new UsageError('Give one site URL or sitemap URL to crawl: civic-search crawl https://www.example.govt.nz --engine site ...');
  const start = parsed.positionals[0];
  if (!/^https?:\/\//i.test(start)) throw new UsageError(`${JSON.stringify(start)}: give the site's http(s) URL or its sitemap's.`);
  const engine = flag('engine');
  if (!engine) throw new UsageError('--engine <name> is required: the engine the crawl fills.');

  let fromFile: Omit<CrawlSettings, 'start'> = {};
  const configPath = flag('config');
  if (configPath) {
    const file = resolve(cwd, configPath);
    let value: unknown;
    try {
      value = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`--config ${configPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
    }
    try {
      fromFile = await parseCrawlConfig(value, `--config ${configPath}`);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const maxTime = flag('max-time');
  let maxTimeMs: number | undefined;
  if (maxTime !== undefined) {
    try {
      maxTimeMs = parseDuration(maxTime, 's');
    } catch (error) {
      throw new UsageError(`--max-time: ${(error as Error).message}.`);
    }
  }
  const delay = flag('delay');
  if (delay !== undefined && !/^\d+$/.test(delay)) throw new UsageError(`--delay ${JSON.stringify(delay)}: give milliseconds, e.g. 250.`);
  const settings: CrawlSettings = {
    ...fromFile,
    start,
    hosts: [...(fromFile.hosts ?? []), ...many('host').map((host) => hostOf(host, '--host'))],
    include: [...(fromFile.include ?? []), ...many('include')],
    exclude: [...(fromFile.exclude ?? []), ...many('exclude')],
    ...(flag('max-pages') !== undefined && { maxPages: positiveWhole(flag('max-pages'), 'max-pages', 10_000_000) }),
    ...(maxTimeMs !== undefined && { maxTimeMs }),
    ...(flag('concurrency') !== undefined && { concurrency: positiveWhole(flag('concurrency'), 'concurrency', 16) }),
    ...(delay !== undefined && { delayMs: Number(delay) }),
    ...(flag('user-agent') !== undefined && { userAgent: flag('user-agent') }),
  };

  const service = flag('service');
  const data = flag('data');
  if ((service === undefined) === (data === undefined)) {
    throw new UsageError('Give either --service <url> (a running service) or --data <dir> (the folder of a service that is not running).');
  }
  const warnings: string[] = [];
  let target: CrawlCommandSettings['target'];
  if (service !== undefined) {
    const given = await privateKeyOption({ file: flag('private-key-file'), key: flag('private-key') }, env, cwd);
    warnings.push(...given.warnings);
    const privateKey = given.key;
    if (!privateKey) throw new UsageError("--service needs the service's private key: --private-key-file <file> or CIVIC_SEARCH_PRIVATE_KEY.");
    target = { kind: 'service', url: service, privateKey };
  } else {
    target = { kind: 'data', dir: resolve(cwd, data!) };
  }
  const stateFile = flag('state')
    ? resolve(cwd, flag('state')!)
    : target.kind === 'data'
      ? resolve(target.dir, `crawl-${engine}.json`)
      : resolve(cwd, '.civic-search', `crawl-${engine}.json`);
  return { settings, engine, target, stateFile, ...(flag('report') && { reportFile: resolve(cwd, flag('report')!) }), warnings };
}

/** `civic-search crawl --help`. */
export function crawlHelp(): string {
  const rows = Object.entries(CRAWL_OPTIONS).map(([name, option]) => `  --${name}${option.value ? ` ${option.value}` : ''}\n      ${option.help}`);
  return [
    'civic-search crawl: fills an engine with every page and linked PDF or Word document of a site.',
    '',
    'Usage: civic-search crawl <site URL or sitemap URL> --engine <name> (--service <url> | --data <dir>) [options]',
    '',
    'Options:',
    ...rows,
    '',
    'It reads robots.txt (its rules, Crawl-delay and Sitemap lines), the sitemaps and the links of each page within',
    "the site's hosts. A re-crawl asks only for what changed; pages gone (404, 410, noindex) are deleted, and after a",
    'complete crawl so are pages no longer found. Ctrl-C stops it, keeping what was done.',
  ].join('\n');
}
