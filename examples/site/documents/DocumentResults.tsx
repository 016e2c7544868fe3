/** @jsxImportSource hono/jsx */
import type { SiteDocument } from 'civic-search';
import { DOCUMENT_SORTS, documentFiltersQuery, type DocumentFilters, type DocumentSort, type Listing } from './document-listing';
import { listingHref, Pagination, ResultList, ResultsCount } from './ListingParts';

export const LIBRARY_PATH = '/documents';
/** Without JavaScript the sort form posts here and is redirected to the chosen option's address. */
export const SORT_PATH = '/documents/sort';

const SORT_LABELS: Readonly<Record<DocumentSort, string>> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title (A to Z)',
};

/** The address that shows the current filters in another order (from page 1). */
export function sortHref(filters: DocumentFilters, sort: DocumentSort): string {
  return listingHref(LIBRARY_PATH, documentFiltersQuery(filters), { sort: sort === 'newest' ? undefined : sort });
}

/** The dates a visitor entered that could not be used, listed above the results with links to the fields. */
function DateProblems({ filters }: { filters: DocumentFilters }) {
  const problems = (['from', 'to'] as const).filter((name) => filters.fields[name].error);
  if (problems.length === 0) return null;
  const dateIgnored = filters.from === undefined && filters.to === undefined;
  return (
    <div class="filters__problem" aria-labelledby="documents-problem-title">
      <h2 class="filters__problem-title" id="documents-problem-title">
        There is a problem with the dates
      </h2>
      <ul class="filters__problem-list">
        {problems.map((name) => (
          <li>
            <a href={`#documents-${name}`}>{filters.fields[name].error}</a>
          </li>
        ))}
      </ul>
      {dateIgnored && <p>The documents below are not filtered by date.</p>}
    </div>
  );
}

/** The results region: the page renders it inside <doc-filters>, and `?fragment=results` answers it alone. */
export function DocumentResults({ filters, listing }: { filters: DocumentFilters; listing: Listing<SiteDocument> }) {
  const query: Array<[string, string]> = [...documentFiltersQuery(filters), ['sort', filters.sort === 'newest' ? '' : filters.sort]];
  return (
    <div class="filters__results" id="documents-results" data-results>
      <DateProblems filters={filters} />
      <div class="filters__results-header">
        <ResultsCount listing={listing} noun={['document', 'documents']} />
        <form class="filters__sort" action={SORT_PATH} method="get">
          <label class="filters__label filters__label--inline" htmlFor="documents-sort">
            Sort by
          </label>
          <select class="filters__select" id="documents-sort" name="url" data-sort-select>
            {DOCUMENT_SORTS.map((sort) => (
              <option value={sortHref(filters, sort)} selected={sort === filters.sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
          <button class="button button--secondary filters__sort-button" type="submit" data-sort-submit>
            Sort
          </button>
        </form>
      </div>
      <ResultList items={listing.items} />
      <Pagination listing={listing} path={LIBRARY_PATH} query={query} />
    </div>
  );
}
