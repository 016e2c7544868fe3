/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SearchBackend } from '../search/types';
import { SearchPage, searchPageTitle, SEARCH_BODY_CLASS } from './SearchPage';
import { readSearchPageQuery, searchPageHref, TERM_PARAM, type SearchPageQuery } from './search-page-query';
import { resultsRequest, runPageSearch, SEARCH_PAGE_TIMEOUT_MS, type PageSearchOutcome } from './search-page-search';
import type { ApiSearchRequest, ApiSearchResponse } from 'civic-elements/core';
import { DEFAULT_SEARCH_PAGE_PATH, SearchPageSettingsContext, type SearchPageSettings } from './settings';

export { DEFAULT_SEARCH_PAGE_PATH, SEARCH_BODY_CLASS, SEARCH_PAGE_TIMEOUT_MS, TERM_PARAM };
export type { PageSearchOutcome, SearchPageQuery };

/** What the site's layout receives: the page's title, its body class, the rendered results and the request. */
export interface SearchPageParts {
  title: string;
  /** Put on `<body>`: the results element and its styles look for it. */
  bodyClass: string;
  /** The results markup (already escaped HTML): place it in the page's main column. */
  content: string;
  /** The search ran and failed: the page is answered 503 so caches and monitors see it. */
  failed: boolean;
  context: Context;
}

export interface SearchPageOptions {
  /** What answers the searches (the same backend the service uses). */
  backend: SearchBackend;
  /** The engine searched. Its documents need the content-page fields (PAGE_SCHEMA). */
  engine: string;
  /** The site's name, for the search field's label. */
  siteName: string;
  /** Wraps the results in the site's own page: header, navigation, footer. Returns the whole HTML document. */
  layout: (parts: SearchPageParts) => string | Promise<string>;
  /** The page's path (default `/search/SearchForm`, where the header search box posts). */
  path?: string;
  /** The service's address for `<search-results>` when it is not the same-origin `/_search-proxy`. */
  endpoint?: string;
  /** How long the page waits for the backend before showing its error (default 5 s). */
  timeoutMs?: number;
  /**
   * Told of each results search the page answered, to record it as a visitor's search (the service's
   * `analytics.pageSearched`): the request as sent, its answer, and when it started by `performance.now()`.
   */
  recordSearch?: (c: Context, search: PageSearchRecord) => void;
}

/** A results search the page made and answered. */
export interface PageSearchRecord {
  engine: string;
  request: ApiSearchRequest;
  answer: ApiSearchResponse;
  startedAt: number;
}

/** A search form post carries at most a few words. */
const POST_BODY_MAX_BYTES = 4096;

/**
 * The server-rendered search results page: `GET <path>` searches and renders the results inside the site's layout,
 * so search works without JavaScript and `<search-results>` has markup to enhance. A POST of the header's form is
 * redirected to the GET address with 303, so results pages can be bookmarked and reloaded. Mount it with
 * `app.route('/', searchPageRoutes({...}))`.
 */
export function searchPageRoutes(options: SearchPageOptions): Hono {
  const {
    backend,
    engine,
    siteName,
    layout,
    path = DEFAULT_SEARCH_PAGE_PATH,
    endpoint = '',
    timeoutMs = SEARCH_PAGE_TIMEOUT_MS,
    recordSearch,
  } = options;
  if (!path.startsWith('/')) throw new Error('searchPageRoutes: path must start with "/".');
  if (!engine) throw new Error('searchPageRoutes: name the engine the page searches.');
  const settings: SearchPageSettings = { path, siteName, endpoint, engine };
  const app = new Hono();
  app.get(path, async (c) => {
    const query = readSearchPageQuery(new URL(c.req.url).search);
    const startedAt = performance.now();
    const outcome = await runPageSearch(backend, engine, query, timeoutMs);
    // The results search only: the facet counts beside it are the same visitor's same search.
    if (outcome.kind === 'results') recordSearch?.(c, { engine, request: resultsRequest(query), answer: outcome.answer, startedAt });
    const content = String(
      <SearchPageSettingsContext.Provider value={settings}>
        <SearchPage query={query} outcome={outcome} />
      </SearchPageSettingsContext.Provider>,
    );
    const failed = outcome.kind === 'failed';
    const page = await layout({ title: searchPageTitle(query), bodyClass: SEARCH_BODY_CLASS, content, failed, context: c });
    return c.html(page, failed ? 503 : 200);
  });
  app.post(path, bodyLimit({ maxSize: POST_BODY_MAX_BYTES, onError: (c) => c.text('The search form sent too much.', 413) }), async (c) => {
    const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const term = body[TERM_PARAM];
    const query = readSearchPageQuery(typeof term === 'string' ? new URLSearchParams({ [TERM_PARAM]: term }).toString() : '');
    return c.redirect(searchPageHref(path, query), 303);
  });
  return app;
}
