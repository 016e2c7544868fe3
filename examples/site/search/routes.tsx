/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { ANNOUNCEMENT_COOKIE_NAME } from '../../../src/core/constants';
import type { SearchBackend } from '../../../packages/civic-search/src/search/types';
import { PageRequestContext } from '../request-context';
import { SearchPage } from '../../../packages/civic-search/src/search-page/SearchPage';
import { readSearchPageQuery, SEARCH_PAGE_PATH, searchPageHref, TERM_PARAM } from '../../../packages/civic-search/src/search-page/search-page-query';
import { runPageSearch, SEARCH_PAGE_TIMEOUT_MS } from '../../../packages/civic-search/src/search-page/search-page-search';

export interface SearchPageOptions {
  backend: SearchBackend;
  /** The engine the site searches. */
  engine: string;
  timeoutMs?: number;
}

/** A search form post carries at most a few words. */
const POST_BODY_MAX_BYTES = 4096;

/**
 * GET /search/SearchForm: the server-rendered search page (the header search form's target), so search works
 * without JavaScript. A POST of the same form (the spec says the header form posts) is redirected to the GET
 * address with 303, so results pages can be bookmarked and reloaded.
 */
export function searchPageRoutes({ backend, engine, timeoutMs = SEARCH_PAGE_TIMEOUT_MS }: SearchPageOptions): Hono {
  const app = new Hono();
  app.get(SEARCH_PAGE_PATH, async (c: Context) => {
    const query = readSearchPageQuery(new URL(c.req.url).search);
    const outcome = await runPageSearch(backend, engine, query, timeoutMs);
    const request = { feedbackSent: c.req.query('feedback') === 'thanks', dismissedAnnouncement: getCookie(c, ANNOUNCEMENT_COOKIE_NAME) };
    const page = (
      <PageRequestContext.Provider value={request}>
        <SearchPage query={query} outcome={outcome} />
      </PageRequestContext.Provider>
    );
    return c.html(`<!doctype html>${String(page)}`, outcome.kind === 'failed' ? 503 : 200);
  });
  app.post(
    SEARCH_PAGE_PATH,
    bodyLimit({ maxSize: POST_BODY_MAX_BYTES, onError: (c) => c.text('The search form sent too much.', 413) }),
    async (c: Context) => {
      const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
      const term = body[TERM_PARAM];
      const query = readSearchPageQuery(typeof term === 'string' ? new URLSearchParams({ [TERM_PARAM]: term }).toString() : '');
      return c.redirect(searchPageHref(query), 303);
    },
  );
  return app;
}
