import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { PROXY_PATH } from 'civic-elements/core';
import { requireKey } from '../credentials/require-key';
import type { KeyRing } from '../credentials/types';
import { errorBody } from '../search-proxy/errors';
import type { CrawlRunRecord, PageRecrawlRecord } from './crawl-history';

/** An engine's crawl as its status tells it. */
export interface EngineCrawlStatus {
  engine: string;
  /** The site (or sitemap) the crawl starts from. */
  url: string;
  /** Milliseconds between runs, or null: it runs at start only. */
  every_ms: number | null;
  /** When the next scheduled run starts (ISO 8601), or null: none is scheduled. */
  next_run_at: string | null;
  /** A run is under way, in this process or another one sharing the crawl store. */
  running: boolean;
  /** Pages asked for that wait to be crawled again. */
  queued_urls: number;
  runs: CrawlRunRecord[];
  pages: PageRecrawlRecord[];
}

/** One engine's crawl, as the routes reach it. */
export interface EngineCrawl {
  /** Its status, with the history every process sharing the crawl store wrote. */
  status(): Promise<EngineCrawlStatus>;
  /** Queues one URL of this crawl to be crawled again: its normalised URL, or why not (and the status to answer). */
  recrawl(url: string): { url: string } | { status: 400 | 429; problem: string };
}

export interface EngineCrawlRoutesOptions {
  keys: KeyRing;
  crawlOf: (engine: string) => EngineCrawl | undefined;
  /** Said ahead of the request (the crawl routes' own: same site only, a limit per client). */
  guards: { sameSite: MiddlewareHandler; limited: MiddlewareHandler };
  /** Reads `{"url"}` (JSON) or `url=` (form) from a request, or the answer refusing it. */
  readUrl: (c: Context) => Promise<string | Response>;
}

export const NO_CRAWL = 'This engine has no crawl: its documents come from the documents API (a CMS or a script).';

/**
 * An engine's crawl through the API, for a key scoped like every engine route: `GET /api/crawl/engines/{engine}`
 * (a key that reads the engine) tells what the last runs did and when the next starts; `POST` with `{"url"}` (a key
 * that writes it) crawls one of its pages again now, as `POST /api/crawl` does for the service's own key.
 */
export function engineCrawlRoutes(options: EngineCrawlRoutesOptions): Hono {
  const { keys, crawlOf, guards, readUrl } = options;
  const routes = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };
  const found = (c: Context) => crawlOf(c.req.param('engine') ?? '');
  for (const path of ['/api/crawl/engines/:engine', `${PROXY_PATH}/api/crawl/engines/:engine`]) {
    routes.get(path, guards.sameSite, requireKey({ keys, access: 'read', engineParam: 'engine' }), async (c) => {
      const crawl = found(c);
      if (!crawl) return c.json(errorBody([NO_CRAWL]), 404, noStore);
      try {
        return c.json(await crawl.status(), 200, noStore);
      } catch (error) {
        // The store (the cluster) cannot be read now: the reason names the store's trouble, never a request or key.
        return c.json(errorBody([`The crawl's history cannot be read right now: ${(error as Error).message}`]), 503, noStore);
      }
    });
    routes.post(path, guards.sameSite, requireKey({ keys, access: 'write', engineParam: 'engine' }), guards.limited, async (c) => {
      const crawl = found(c);
      if (!crawl) return c.json(errorBody([NO_CRAWL]), 404, noStore);
      const url = await readUrl(c);
      if (url instanceof Response) return url;
      const queued = crawl.recrawl(url);
      if ('problem' in queued) return c.json(errorBody([queued.problem]), queued.status, noStore);
      return c.json({ url: queued.url, queued: true }, 202, noStore);
    });
    routes.all(path, (c) =>
      c.json(errorBody([`${c.req.method} is not allowed here; use GET or POST.`]), 405, { Allow: 'GET, POST', ...noStore }),
    );
  }
  return routes;
}
