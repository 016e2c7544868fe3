import type { ExtractionConfig } from './extract/index';
import type { CrawlSettings } from './crawl';
import { parseDuration } from './durations';
import type { FetchLimits } from './fetch-resource';

/**
 * A crawl's options as written in a JSON file (`civic-search crawl --config`, or an entry of `crawls` in the serve
 * configuration). Durations may be numbers of milliseconds or text like "30m"; sizes are bytes.
 */
export interface CrawlConfigFile {
  hosts?: string[];
  include?: string[];
  exclude?: string[];
  dropQueryParameters?: string[];
  maxPages?: number;
  maxTime?: string | number;
  concurrency?: number;
  delay?: string | number;
  userAgent?: string;
  timeout?: string | number;
  limits?: { htmlBytes?: number; fileBytes?: number; sitemapBytes?: number };
  /** Skip pages whose sitemap lastmod has not changed since they were indexed (only for sites whose lastmod is exact). */
  trustSitemapLastmod?: boolean;
  /** The extractor's configuration (field mapping, type and topic rules, content selector). */
  extraction?: unknown;
}

const KEYS = new Set([
  'hosts',
  'include',
  'exclude',
  'dropQueryParameters',
  'maxPages',
  'maxTime',
  'concurrency',
  'delay',
  'userAgent',
  'timeout',
  'limits',
  'extraction',
  'trustSitemapLastmod',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function strings(value: unknown, where: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw new Error(`${where}: must be a list of strings.`);
  return value as string[];
}

function whole(value: unknown, where: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${where}: give a whole number from ${min} to ${max}.`);
  }
  return number;
}

function duration(value: unknown, where: string, bareUnit: 'ms' | 's' = 'ms'): number | undefined {
  if (value === undefined) return undefined;
  try {
    if (typeof value === 'number' && value >= 0) return bareUnit === 's' ? value * 1000 : value;
    if (typeof value === 'string') return parseDuration(value, bareUnit);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}.`);
  }
  throw new Error(`${where}: give a duration like 30s, 30m or 1h.`);
}

/** A host as the crawl compares them: host[:port], lower case, from a bare name or a URL. */
export function hostOf(text: string, where: string): string {
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `http://${text}`).host;
  } catch {
    throw new Error(`${where}: ${JSON.stringify(text)} is not a host name.`);
  }
}

/**
 * Checks a crawl configuration and turns it into settings (without the start URL); an unknown key or a bad value
 * is an error naming it. The extraction part is checked by the extractor's own parser.
 */
export async function parseCrawlConfig(value: unknown, where: string): Promise<Omit<CrawlSettings, 'start'>> {
  if (!isRecord(value)) throw new Error(`${where}: must be a JSON object.`);
  for (const key of Object.keys(value)) {
    if (!KEYS.has(key)) throw new Error(`${where}: unknown option "${key}" (known: ${[...KEYS].join(', ')}).`);
  }
  const config = value as CrawlConfigFile;
  const limits: Partial<FetchLimits> = {};
  const timeout = duration(config.timeout, `${where}: timeout`);
  if (timeout !== undefined) limits.timeoutMs = timeout;
  if (config.limits !== undefined) {
    if (!isRecord(config.limits)) throw new Error(`${where}: limits must be an object.`);
    for (const [key, size] of Object.entries(config.limits)) {
      if (key !== 'htmlBytes' && key !== 'fileBytes' && key !== 'sitemapBytes') throw new Error(`${where}: unknown limit "${key}".`);
      limits[key] = whole(size, `${where}: limits.${key}`, 1, 2 ** 31)!;
    }
  }
  if (config.trustSitemapLastmod !== undefined && typeof config.trustSitemapLastmod !== 'boolean') {
    throw new Error(`${where}: trustSitemapLastmod must be true or false.`);
  }
  if (config.userAgent !== undefined && (typeof config.userAgent !== 'string' || /[\r\n]/.test(config.userAgent))) {
    throw new Error(`${where}: userAgent must be one line of text.`);
  }
  let extraction: ExtractionConfig | undefined;
  if (config.extraction !== undefined) {
    const { parseExtractionConfig } = await import('./extract/index');
    try {
      extraction = parseExtractionConfig(config.extraction);
    } catch (error) {
      throw new Error(`${where}: extraction: ${(error as Error).message}`);
    }
  }
  const settings: Omit<CrawlSettings, 'start'> = {
    hosts: strings(config.hosts, `${where}: hosts`)?.map((host) => hostOf(host, `${where}: hosts`)),
    include: strings(config.include, `${where}: include`),
    exclude: strings(config.exclude, `${where}: exclude`),
    dropQueryParameters: strings(config.dropQueryParameters, `${where}: dropQueryParameters`),
    maxPages: whole(config.maxPages, `${where}: maxPages`, 1, 10_000_000),
    maxTimeMs: duration(config.maxTime, `${where}: maxTime`),
    concurrency: whole(config.concurrency, `${where}: concurrency`, 1, 16),
    delayMs: duration(config.delay, `${where}: delay`),
    userAgent: config.userAgent,
    trustSitemapLastmod: config.trustSitemapLastmod,
    ...(Object.keys(limits).length > 0 && { limits }),
    ...(extraction && { extraction }),
  };
  return Object.fromEntries(Object.entries(settings).filter(([, item]) => item !== undefined)) as Omit<CrawlSettings, 'start'>;
}

