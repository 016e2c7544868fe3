import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineOptions, SearchServiceOptions } from '../service/create-search-service';
import { hostOf, parseCrawlConfig } from '../crawler/crawl-config';
import { parseDuration } from '../crawler/durations';
import { importAddressPolicy } from '../console/import-address';
import type { ServiceCrawl } from '../crawler/service-crawls';

/** Every option of `civic-search serve`: its flag, its environment variable, and what it means. */
export const SERVE_OPTIONS = {
  port: { type: 'string', env: 'CIVIC_SEARCH_PORT', help: 'Port to listen on (default 3002).' },
  host: { type: 'string', env: 'CIVIC_SEARCH_HOST', help: 'Address to listen on (default 127.0.0.1; 0.0.0.0 for every interface).' },
  data: { type: 'string', env: 'CIVIC_SEARCH_DATA', help: 'Folder for the private key, indexes and click log (default ./.civic-search).' },
  config: {
    type: 'string',
    env: 'CIVIC_SEARCH_CONFIG',
    help: 'A JSON file with "engines" (name, language, schema, searchFields, documents) and any option below in camelCase.',
  },
  engine: {
    type: 'string',
    multiple: true,
    env: 'CIVIC_SEARCH_ENGINES',
    help: 'An engine and its documents file (JSON array or NDJSON): --engine site=./documents.ndjson. Repeatable; comma-separated in the variable.',
  },
  'private-key': {
    type: 'string',
    env: 'CIVIC_SEARCH_PRIVATE_KEY',
    help: 'The private key (default: kept in the data folder, made on first start).',
  },
  'cors-origin': {
    type: 'string',
    multiple: true,
    env: 'CIVIC_SEARCH_CORS_ORIGINS',
    help: 'An origin whose pages may search, suggest and send clicks: --cors-origin https://www.example.govt.nz. Repeatable; comma-separated in the variable.',
  },
  'trust-proxy': {
    type: 'string',
    env: 'CIVIC_SEARCH_TRUST_PROXY',
    help: "The header your reverse proxy puts the client's address in (e.g. X-Forwarded-For). Without it, the connection's address counts and such headers are ignored.",
  },
  'search-needs-key': {
    type: 'string',
    env: 'CIVIC_SEARCH_SEARCH_NEEDS_KEY',
    help: "on: searches at App Search's own paths (/api/as/v1/engines/...) need a search key made through the credentials API; the elements' /_search-proxy paths stay open to visitors. Default off.",
  },
  console: {
    type: 'string',
    env: 'CIVIC_SEARCH_CONSOLE',
    help: "on (default): the search manager's console at /console, where a private or admin key signs in to see what visitors search for. off: not served.",
  },
  'console-import-hosts': {
    type: 'string',
    multiple: true,
    env: 'CIVIC_SEARCH_CONSOLE_IMPORT_HOSTS',
    help: 'A host on your own network (name, IP address or CIDR range) the console may read an old App Search from. Without it, loopback, private, link-local and metadata addresses are refused. Repeatable; comma-separated in the variable.',
  },
  'cost-budget': {
    type: 'string',
    env: 'CIVIC_SEARCH_COST_BUDGET',
    help: "Each client's budget of cost as <units a second>/<burst> (default 100/2000; a unit is a KiB of answer or 10 ms of search), or off. Over it, 429 with Retry-After.",
  },
  'max-answer-bytes': {
    type: 'string',
    env: 'CIVIC_SEARCH_MAX_ANSWER_BYTES',
    help: 'A larger answer is refused with 400 saying what to ask less of (default 1048576, 1 MiB).',
  },
  backend: {
    type: 'string',
    env: 'CIVIC_SEARCH_BACKEND',
    help: 'embedded (default), elasticsearch (then ELASTICSEARCH_URL, ...) or opensearch (then OPENSEARCH_URL, ...).',
  },
  crawl: {
    type: 'string',
    env: 'CIVIC_SEARCH_CRAWL',
    help: 'A site (or sitemap) URL to crawl into --crawl-engine at start and on --schedule; POST /api/crawl re-crawls one of its pages.',
  },
  'crawl-engine': {
    type: 'string',
    env: 'CIVIC_SEARCH_CRAWL_ENGINE',
    help: 'The engine --crawl fills (made with the crawl fields when missing).',
  },
  schedule: {
    type: 'string',
    env: 'CIVIC_SEARCH_SCHEDULE',
    help: 'How often --crawl runs again, e.g. 6h or 30m (default: only at start and through POST /api/crawl).',
  },
} as const;
type OptionName = keyof typeof SERVE_OPTIONS;

export interface ServeSettings {
  port: number;
  host: string;
  service: SearchServiceOptions;
}

export const DEFAULT_PORT = 3002;
export const DEFAULT_HOST = '127.0.0.1';

/** A bad command line, environment or configuration file: the message says which option and what is wrong. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function engineFromFlag(flag: string, base: string): EngineOptions {
  const at = flag.indexOf('=');
  if (at <= 0 || at === flag.length - 1) {
    throw new UsageError(`--engine ${JSON.stringify(flag)}: write it as <name>=<documents file>, e.g. site=./documents.ndjson.`);
  }
  return { name: flag.slice(0, at).trim(), documents: resolve(base, flag.slice(at + 1).trim()) };
}

interface ConfigFile {
  port?: number;
  host?: string;
  data?: string;
  privateKey?: string;
  corsOrigins?: string[];
  trustProxy?: string;
  searchNeedsKey?: boolean;
  console?: boolean;
  consoleImportHosts?: string[];
  backend?: string;
  costBudget?: { refillPerSecond: number; burst: number } | false;
  maxAnswerBytes?: number;
  engines?: Array<EngineOptions & { documents?: string }>;
  /** Crawls: `{ "url", "engine", "schedule", ...the options of civic-search crawl --config }`. */
  crawls?: unknown[];
}

function interval(text: string, where: string): number {
  let ms: number;
  try {
    ms = parseDuration(text, 's');
  } catch (error) {
    throw new UsageError(`${where}: ${(error as Error).message}.`);
  }
  if (ms < 60_000) throw new UsageError(`${where}: crawl at most once a minute (got ${JSON.stringify(text)}).`);
  return ms;
}

/** The crawls of the config file and of --crawl, checked. */
async function readCrawls(
  config: ConfigFile,
  flagCrawl: string | undefined,
  flagEngine: string | undefined,
  flagSchedule: string | undefined,
) {
  const crawls: ServiceCrawl[] = [];
  for (const [index, entry] of (config.crawls ?? []).entries()) {
    const where = `--config: crawls[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new UsageError(`${where} must be an object with "url" and "engine".`);
    const { url, engine, schedule, ...rest } = entry as Record<string, unknown>;
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url) || typeof engine !== 'string') {
      throw new UsageError(`${where} needs "url" (the site's http(s) URL) and "engine".`);
    }
    if (schedule !== undefined && typeof schedule !== 'string') throw new UsageError(`${where}: "schedule" is text like "6h".`);
    let settings;
    try {
      settings = await parseCrawlConfig(rest, where);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    crawls.push({ url, engine, settings, ...(schedule && { everyMs: interval(schedule, `${where}: schedule`) }) });
  }
  if (flagCrawl !== undefined) {
    if (!/^https?:\/\//i.test(flagCrawl)) throw new UsageError(`--crawl ${JSON.stringify(flagCrawl)}: give the site's http(s) URL.`);
    if (!flagEngine) throw new UsageError('--crawl needs --crawl-engine <name>: the engine the crawl fills.');
    hostOf(flagCrawl, '--crawl');
    crawls.push({ url: flagCrawl, engine: flagEngine, ...(flagSchedule && { everyMs: interval(flagSchedule, '--schedule') }) });
  } else if (flagSchedule !== undefined && crawls.length === 0) throw new UsageError('--schedule needs --crawl <site URL>.');
  return crawls;
}

async function readConfig(file: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--config ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  try {
    const value = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('must be a JSON object');
    return value as ConfigFile;
  } catch (error) {
    throw new UsageError(`--config ${file}: ${(error as Error).message}.`);
  }
}

/**
 * The settings of `civic-search serve`, from its arguments, then the environment, then the configuration file,
 * then the defaults (the first that gives a value wins). Engines from flags and from the file are served together.
 */
export async function readServeSettings(args: readonly string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<ServeSettings> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        Object.entries(SERVE_OPTIONS).map(([name, option]) => [
          name,
          { type: option.type, ...('multiple' in option && { multiple: true }) },
        ]),
      ),
      allowPositionals: false,
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('. To specify')[0]}. See civic-search serve --help.`);
  }
  const flag = (name: OptionName) => values[name] as string | undefined;
  const many = (name: OptionName) => (values[name] as string[] | undefined) ?? list(env[SERVE_OPTIONS[name].env]);
  const configPath = flag('config') ?? env[SERVE_OPTIONS.config.env];
  const config = configPath ? await readConfig(resolve(cwd, configPath)) : {};
  const configBase = configPath ? dirname(resolve(cwd, configPath)) : cwd;
  const pick = (name: OptionName, fromConfig?: string) => flag(name) ?? env[SERVE_OPTIONS[name].env] ?? fromConfig;

  const portText = pick('port', config.port === undefined ? undefined : String(config.port)) ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535)
    throw new UsageError(`--port ${JSON.stringify(portText)}: give a port number from 0 to 65535.`);

  const backend = pick('backend', config.backend) ?? 'embedded';
  if (backend !== 'embedded' && backend !== 'elasticsearch' && backend !== 'opensearch') {
    throw new UsageError(`--backend ${JSON.stringify(backend)}: choose embedded, elasticsearch or opensearch.`);
  }

  const engines: EngineOptions[] = [
    ...(config.engines ?? []).map((engine, index) => {
      if (typeof engine?.name !== 'string' || (engine.documents !== undefined && typeof engine.documents !== 'string')) {
        throw new UsageError(`--config: engines[${index}] needs a "name" (and, if its documents come from a file, "documents": the file).`);
      }
      return { ...engine, ...(engine.documents !== undefined && { documents: resolve(configBase, engine.documents) }) };
    }),
    ...many('engine').map((text) => engineFromFlag(text, cwd)),
  ];
  const costBudget = costBudgetSetting(pick('cost-budget'), config.costBudget);
  const maxAnswerText = pick('max-answer-bytes', config.maxAnswerBytes === undefined ? undefined : String(config.maxAnswerBytes));
  if (maxAnswerText !== undefined && !(/^\d+$/.test(maxAnswerText) && Number(maxAnswerText) >= 1024)) {
    throw new UsageError(`--max-answer-bytes ${JSON.stringify(maxAnswerText)}: give a whole number of bytes from 1024.`);
  }
  const searchNeedsKey = onOff('search-needs-key', pick('search-needs-key'), config.searchNeedsKey);
  const consoleOn = onOff('console', pick('console'), config.console);
  const importHosts = [...(config.consoleImportHosts ?? []), ...many('console-import-hosts')];
  try {
    importAddressPolicy(importHosts);
  } catch (error) {
    throw new UsageError(`--console-import-hosts: ${(error as Error).message}`);
  }
  const crawls = await readCrawls(config, pick('crawl'), pick('crawl-engine'), pick('schedule'));
  // No engine is fine: a CMS creates its engines and fills them through the write API.
  return {
    port,
    host: pick('host', config.host) ?? DEFAULT_HOST,
    service: {
      engines,
      backend,
      dataDir: resolve(cwd, pick('data', config.data) ?? '.civic-search'),
      privateKey: pick('private-key', config.privateKey),
      corsOrigins: [...(config.corsOrigins ?? []), ...many('cors-origin')],
      trustProxy: pick('trust-proxy', config.trustProxy),
      ...(searchNeedsKey && { searchNeedsKey }),
      ...(consoleOn === false ? { console: false } : importHosts.length > 0 && { console: { importHosts } }),
      ...(costBudget !== undefined && { costBudget }),
      ...(maxAnswerText !== undefined && { maxAnswerBytes: Number(maxAnswerText) }),
      env,
      ...(crawls.length > 0 && { crawls }),
    },
  };
}

/** An on/off option: `on` or `off` (also true/false, yes/no), else the configuration file's value. */
function onOff(name: OptionName, text: string | undefined, fromConfig: boolean | undefined): boolean | undefined {
  if (text === undefined) return fromConfig;
  if (/^(on|true|yes)$/i.test(text.trim())) return true;
  if (/^(off|false|no)$/i.test(text.trim())) return false;
  throw new UsageError(`--${name} ${JSON.stringify(text)}: give on or off.`);
}

/** `--cost-budget 100/2000` (units a second / burst) or `off`; the configuration file's `costBudget` otherwise. */
function costBudgetSetting(text: string | undefined, fromConfig: ConfigFile['costBudget']): SearchServiceOptions['costBudget'] {
  if (text === undefined) return fromConfig;
  if (/^off$/i.test(text.trim())) return false;
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  const refillPerSecond = Number(match?.[1]);
  const burst = Number(match?.[2]);
  if (!match || !(refillPerSecond > 0) || !(burst >= refillPerSecond)) {
    throw new UsageError(
      `--cost-budget ${JSON.stringify(text)}: write it as <units a second>/<burst>, e.g. 100/2000 (the burst at least the rate), or off.`,
    );
  }
  return { refillPerSecond, burst };
}

/** `civic-search serve --help`. */
export function serveHelp(): string {
  const placeholder: Partial<Record<OptionName, string>> = {
    engine: '<name>=<file>',
    'cors-origin': '<origin>',
    'trust-proxy': '<header>',
    'search-needs-key': 'on|off',
    console: 'on|off',
    'console-import-hosts': '<host>',
    'cost-budget': '<rate>/<burst>',
    'max-answer-bytes': '<bytes>',
  };
  const rows = Object.entries(SERVE_OPTIONS).map(
    ([name, option]) =>
      `  --${name} ${placeholder[name as OptionName] ?? '<value>'}\n      ${option.help}\n      Environment: ${option.env}`,
  );
  return [
    "civic-search serve: a search service that speaks Elastic App Search's API.",
    '',
    'Usage: civic-search serve [--engine <name>=<documents file>] [options]',
    '',
    'Options:',
    ...rows,
    '  --help',
    '      This text.',
    '',
    'It answers POST /api/as/v1/engines/<name>/search.json, query_suggestion and click.json (also under',
    '/_search-proxy), and the elements\' form post at /_search-proxy. Point <site-search endpoint="..."> at it.',
    "App Search's write API (engines, schema, documents) is under /api/as/v1/engines too, for a CMS's indexing",
    'module or the official clients: every call needs "Authorization: Bearer <private key>".',
    'With --crawl, POST /api/crawl {"url": "..."} (private key) re-crawls one page of the site now: a CMS publish hook.',
  ].join('\n');
}
