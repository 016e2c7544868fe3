import type { FetchOutcome } from './fetch-resource';

/** The rules of one host's robots.txt for this crawler. */
export interface RobotsRules {
  isAllowed(url: URL): boolean;
  /** The host's Crawl-delay for this crawler, in milliseconds, when it gives one. */
  crawlDelayMs?: number;
  /** Its Sitemap lines. */
  sitemaps: string[];
  /** What happened when it was read, when something did (printed in the crawl's report). */
  problem?: string;
}

const ALLOW_ALL: RobotsRules = { isAllowed: () => true, sitemaps: [] };

/**
 * A host's robots.txt, read as the robots standard (RFC 9309) says: a missing file (any 4xx) allows everything; a
 * file that cannot be reached (5xx, network failure, timeout) means the whole host is off limits for this crawl,
 * since its owner's rules are unknown. `agent` is the crawler's product token (`civic-search-crawler`).
 */
export async function readRobots(origin: URL, agent: string, fetchRobots: (url: URL) => Promise<FetchOutcome>): Promise<RobotsRules> {
  const url = new URL('/robots.txt', origin);
  const outcome = await fetchRobots(url);
  if (outcome.type === 'gone' || outcome.type === 'skipped') return ALLOW_ALL;
  if (outcome.type === 'failed') {
    if (outcome.status !== undefined && outcome.status >= 400 && outcome.status < 500) return ALLOW_ALL;
    return {
      isAllowed: () => false,
      sitemaps: [],
      problem: `${url.href} could not be read (${outcome.reason}): nothing on ${origin.host} is crawled until it can be`,
    };
  }
  if (outcome.type === 'not-modified') return ALLOW_ALL;
  const { default: robotsParser } = await import('robots-parser');
  const robots = robotsParser(url.href, new TextDecoder().decode(outcome.body));
  const delay = robots.getCrawlDelay(agent);
  return {
    // robots-parser answers undefined for URLs of another host: those are judged by their own host's file.
    isAllowed: (target) => robots.isAllowed(target.href, agent) !== false,
    ...(typeof delay === 'number' && delay > 0 && { crawlDelayMs: delay * 1000 }),
    sitemaps: robots.getSitemaps(),
  };
}
