/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { JSX } from 'hono/jsx/jsx-runtime';
import type { SiteDocument } from 'civic-search';
import { FRAGMENT_PARAM, isSameOriginHttpUrl, RESULTS_FRAGMENT, withoutEmptyParams } from 'civic-elements/core';
import { renderPage } from '../render-page';
import type { PageCostLimit } from '../server/page-cost-limit';
import { hasControlCharacter, sameSiteLocation } from '../server/same-site-location';
import { dateBounds, documentTypes, libraryDocuments, listDocuments, readDocumentFilters } from './document-listing';
import { listNews, newsItems, newsOptions, readNewsFilters } from './news-listing';
import { DocumentLibraryPage } from './DocumentLibraryPage';
import { DocumentResults, LIBRARY_PATH, SORT_PATH } from './DocumentResults';
import { DocumentPage } from './DocumentPage';
import { NEWS_PATH, NewsPage, NewsResults, SUBTOPICS_PATH, SubtopicsField } from './NewsPage';

export interface DocumentRoutesOptions {
  /** The site's documents (read once, on the first request). */
  documents: () => readonly SiteDocument[];
  /** Draws each listing and fragment request from the visitor's budget for costly pages (none: unlimited). */
  limit?: PageCostLimit;
}

/** A listing page's cost before it runs, in the budget's units (KiB of page): its results fragment weighs half. */
const LISTING_COST = 20;
const FRAGMENT_COST = 10;

/** Everything a listing needs, worked out once from the documents. */
function catalogue(documents: readonly SiteDocument[]) {
  const library = libraryDocuments(documents);
  const news = newsItems(documents);
  return {
    library,
    types: documentTypes(library),
    bounds: dateBounds(library),
    news,
    newsOptions: newsOptions(news),
    byUrl: new Map(documents.map((document) => [document.url, document])),
  };
}

/** The raw query string of a request, as the browser sent it. */
const searchOf = (c: Context) => new URL(c.req.url).search;

/**
 * The document library (/documents), its documents (/documents/:slug), the news listing (/news) and the
 * fragments their filters reload: `?fragment=results` on either listing answers its results region alone,
 * and /news/subtopics answers the subtopics field for the form's topic. Without JavaScript every filter
 * works as a plain GET form; the sort select posts to /documents/sort, which redirects to the chosen order.
 */
export function documentRoutes({ documents, limit }: DocumentRoutesOptions): Hono {
  let cached: ReturnType<typeof catalogue> | undefined;
  const data = () => (cached ??= catalogue(documents()));
  const app = new Hono();

  /** A fragment is never cached: the same URL with other filters, or the page itself, must not answer from it. */
  const fragment = (c: Context, element: JSX.Element) => {
    c.header('Cache-Control', 'no-store');
    return c.html(String(element));
  };
  const wantsResults = (c: Context) => c.req.query(FRAGMENT_PARAM) === RESULTS_FRAGMENT;
  if (limit) {
    // The listings filter every document on each request: a script reloading them must not slow the site.
    const listingLimit = limit((c) => (wantsResults(c) ? FRAGMENT_COST : LISTING_COST));
    for (const path of [LIBRARY_PATH, NEWS_PATH]) app.get(path, listingLimit);
    app.get(SUBTOPICS_PATH, limit(() => 1));
  }
  /**
   * A filter form submitted without JavaScript sends every field, blank ones too (`?keywords=&from=&to=`):
   * the listing answers with a redirect to the same filters without them, so the address shows what was chosen.
   * (A query with no blank parameter is answered as it is: no redirect loop.)
   */
  const cleanAddress = (c: Context, path: string) => {
    // A fragment request comes from the filters' script, which leaves blank fields out itself: answer it as asked.
    if (wantsResults(c)) return null;
    const search = searchOf(c);
    // A form with every field blank and left out still sends a bare `?`.
    const bare = search === '' && c.req.url.includes('?');
    const clean = bare ? '' : withoutEmptyParams(search);
    return clean === null ? null : c.redirect(clean ? `${path}?${clean}` : path, 302);
  };

  app.get(LIBRARY_PATH, (c) => {
    const redirect = cleanAddress(c, LIBRARY_PATH);
    if (redirect) return redirect;
    const { library, types, bounds } = data();
    const filters = readDocumentFilters(searchOf(c), bounds, types);
    const listing = listDocuments(library, filters);
    if (wantsResults(c)) return fragment(c, <DocumentResults filters={filters} listing={listing} />);
    return renderPage(c, <DocumentLibraryPage filters={filters} listing={listing} types={types} bounds={bounds} />);
  });

  // The no-JavaScript sort: only addresses of this site, never an open redirect. The redirect goes to the
  // normalised address that was checked. A value with control characters is no address a page of this site
  // sends (and must never reach a Location header): 400.
  app.get(SORT_PATH, (c) => {
    const target = c.req.query('url') ?? '';
    if (hasControlCharacter(target)) return c.text('That sort address is not valid. Choose a sort order from the list on the page.', 400);
    const location = sameSiteLocation(target);
    if (location === undefined || !isSameOriginHttpUrl(location, new URL(c.req.url).href)) return c.redirect(LIBRARY_PATH, 303);
    return c.redirect(location, 303);
  });

  app.get(NEWS_PATH, (c) => {
    const redirect = cleanAddress(c, NEWS_PATH);
    if (redirect) return redirect;
    const { news, newsOptions: options } = data();
    const filters = readNewsFilters(searchOf(c), options);
    const listing = listNews(news, filters);
    if (wantsResults(c)) return fragment(c, <NewsResults filters={filters} listing={listing} />);
    return renderPage(c, <NewsPage filters={filters} options={options} listing={listing} />);
  });

  app.get(SUBTOPICS_PATH, (c) => {
    const { newsOptions: options } = data();
    return fragment(c, <SubtopicsField filters={readNewsFilters(searchOf(c), options)} options={options} />);
  });

  app.get(`${LIBRARY_PATH}/:slug`, (c, next) => {
    const document = data().byUrl.get(c.req.path);
    return document ? renderPage(c, <DocumentPage document={document} />) : next();
  });

  return app;
}
