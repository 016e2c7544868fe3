/**
 * Filter forms as URLs ("reload listing"): the serialized form, the address a reload fetches
 * and the address the page shows. Dependency-free, so it costs a page nothing: reading query strings with
 * qs's limits lives in listing-query.ts, on the server.
 *
 * The fragment contract: a listing answers `fragment=results` in its query with the HTML of its results
 * region (an element marked `data-results`) instead of the whole page. A query parameter, not a header,
 * so a cached or restored full page and a fragment never share one URL.
 */

/** The query parameter that asks a listing for a fragment instead of a page. */
export const FRAGMENT_PARAM = 'fragment';
/** Its value for the results region. */
export const RESULTS_FRAGMENT = 'results';
/** The query parameter of the page number (left out when a filter changes: back to page 1). */
export const PAGE_PARAM = 'page';

/** Form entries (name, value) as a query string: empty values and files are left out; order is kept. */
export function serializeEntries(entries: Iterable<readonly [string, unknown]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || value.trim() === '' || name === '') continue;
    params.append(name, value);
  }
  return params.toString();
}

/**
 * The query without its empty parameters (`keywords=&from=` and the like, which a GET form writes for every
 * field left blank), or null when it has none: a listing can then redirect to the clean address. Empty means
 * what serializeEntries leaves out: nothing but white space.
 */
export function withoutEmptyParams(query: string): string | null {
  const params = [...new URLSearchParams(queryOf(query))];
  const kept = params.filter(([, value]) => value.trim() !== '');
  return kept.length === params.length ? null : new URLSearchParams(kept).toString();
}

/** The query string of a URL or search string, without the leading `?`. */
export function queryOf(urlOrSearch: string): string {
  const index = urlOrSearch.indexOf('?');
  const search = index >= 0 ? urlOrSearch.slice(index + 1) : urlOrSearch;
  const hash = search.indexOf('#');
  return hash >= 0 ? search.slice(0, hash) : search;
}

/** The query without some parameters (and so without the fragment request and the page). */
export function withoutParams(query: string, names: readonly string[]): string {
  const params = new URLSearchParams(queryOf(query));
  for (const name of names) params.delete(name);
  return params.toString();
}

/** The query with one parameter set to a value (or removed when the value is undefined or empty). */
export function withParam(query: string, name: string, value: string | undefined): string {
  const params = new URLSearchParams(queryOf(query));
  if (value === undefined || value === '') params.delete(name);
  else params.set(name, value);
  return params.toString();
}

/** The same query, with parameters in a stable order: two URLs that ask for the same filters compare equal. */
export function normalizeQuery(query: string): string {
  const params = new URLSearchParams(queryOf(query));
  const entries = [...params].filter(([, value]) => value !== '');
  entries.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  return new URLSearchParams(entries).toString();
}

/**
 * Where a filter form goes: its action resolved against the page, or the page itself when the form has no
 * action (as a browser submits it). The query and hash of the target are dropped: the form supplies the query.
 */
export function listingTarget(action: string | null | undefined, pageHref: string): URL {
  const url = new URL(action?.trim() ? action : pageHref, pageHref);
  url.search = '';
  url.hash = '';
  return url;
}

/** The address a reload fetches: the target with the form's query and `fragment=results`. */
export function fragmentRequestUrl(target: URL, query: string, fragment: string = RESULTS_FRAGMENT): string {
  const url = new URL(target.href);
  url.search = withParam(withoutParams(query, [FRAGMENT_PARAM]), FRAGMENT_PARAM, fragment);
  return url.href;
}

/** The address the page shows for a query: same origin, path and query, no fragment request. */
export function listingPageUrl(target: URL, query: string): string {
  const clean = withoutParams(query, [FRAGMENT_PARAM]);
  return `${target.pathname}${clean ? `?${clean}` : ''}`;
}

/** The address of a subtopics request: the subtopics link with the serialized form. */
export function subtopicsRequestUrl(link: string, pageHref: string, query: string): string {
  const url = new URL(link, pageHref);
  const params = new URLSearchParams(url.search);
  for (const [name, value] of new URLSearchParams(queryOf(query))) params.append(name, value);
  url.search = params.toString();
  url.hash = '';
  return url.href;
}

/** True for an address a sort option may navigate to: http(s) on the page's own origin. */
export function isSameOriginHttpUrl(value: string, pageHref: string): boolean {
  try {
    const url = new URL(value, pageHref);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(pageHref).origin;
  } catch {
    return false;
  }
}
