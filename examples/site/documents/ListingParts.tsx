/** @jsxImportSource hono/jsx */
import type { SiteDocument } from 'civic-search';
import { formatDisplayDate, parseIsoDate, PAGE_PARAM, serializeEntries, withParam } from 'civic-elements/core';
import type { Listing } from './document-listing';

/** A link to a page of a listing with the same filters. */
export function listingHref(
  path: string,
  query: ReadonlyArray<readonly [string, string]>,
  changes: Record<string, string | undefined> = {},
): string {
  let search = serializeEntries(query);
  for (const [name, value] of Object.entries(changes)) search = withParam(search, name, value);
  return search ? `${path}?${search}` : path;
}

/** The page numbers shown: the first, the last, and two either side of the current page. */
function pageNumbers(page: number, pageCount: number): Array<number | 'gap'> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  shown.forEach((n, index) => {
    if (index > 0 && n - shown[index - 1] > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

export function Pagination({
  listing,
  path,
  query,
}: {
  listing: Listing<unknown>;
  path: string;
  query: ReadonlyArray<readonly [string, string]>;
}) {
  if (listing.pageCount <= 1) return null;
  const href = (page: number) => listingHref(path, query, { [PAGE_PARAM]: page === 1 ? undefined : String(page) });
  return (
    <nav class="filters__pagination" aria-label="Results pages">
      <ul class="filters__pages">
        {listing.page > 1 && (
          <li class="filters__page filters__page--previous">
            <a href={href(listing.page - 1)} rel="prev">
              Previous<span class="civic-visually-hidden"> page</span>
            </a>
          </li>
        )}
        {pageNumbers(listing.page, listing.pageCount).map((n) =>
          n === 'gap' ? (
            <li class="filters__page filters__page--gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li class="filters__page">
              <a href={href(n)} aria-current={n === listing.page ? 'page' : undefined}>
                <span class="civic-visually-hidden">Page </span>
                {n}
              </a>
            </li>
          ),
        )}
        {listing.page < listing.pageCount && (
          <li class="filters__page filters__page--next">
            <a href={href(listing.page + 1)} rel="next">
              Next<span class="civic-visually-hidden"> page</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** "Showing 21 to 40 of 153 documents", or that nothing matched. */
export function ResultsCount({ listing, noun }: { listing: Listing<unknown>; noun: [string, string] }) {
  const [one, many] = noun;
  const first = (listing.page - 1) * listing.pageSize + 1;
  const last = first + listing.items.length - 1;
  return (
    <h2 class="filters__count" data-results-count={String(listing.total)}>
      {listing.total === 0
        ? `No ${many} found`
        : listing.pageCount > 1
          ? `Showing ${first} to ${last} of ${listing.total} ${many}`
          : `${listing.total} ${listing.total === 1 ? one : many}`}
    </h2>
  );
}

export function ResultItem({ document, showType = true }: { document: SiteDocument; showType?: boolean }) {
  const published = parseIsoDate(document.published_date);
  return (
    <li class="filters__result" data-result>
      <h3 class="filters__result-title">
        <a href={document.url}>{document.title}</a>
      </h3>
      <p class="filters__result-summary">{document.summary}</p>
      <p class="filters__result-meta">
        {showType && <span class="filters__result-type">{document.document_type}</span>}
        <span>
          Published <time datetime={document.published_date}>{published ? formatDisplayDate(published) : document.published_date}</time>
        </span>
        <span>{document.topic}</span>
      </p>
    </li>
  );
}

export function ResultList({ items, showType }: { items: readonly SiteDocument[]; showType?: boolean }) {
  if (items.length === 0) {
    return <p class="filters__empty">Try removing a filter, or searching for fewer words.</p>;
  }
  return (
    <ol class="filters__list">
      {items.map((document) => (
        <ResultItem document={document} showType={showType} />
      ))}
    </ol>
  );
}
