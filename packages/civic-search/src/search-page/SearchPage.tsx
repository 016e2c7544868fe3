/** @jsxImportSource hono/jsx */
import { capTotalPages } from 'civic-elements/core';
import { SearchFacet } from './SearchFacets';
import { SearchPaging } from './SearchPaging';
import { SearchResultItem } from './SearchResultItem';
import {
  FACET_FIELDS,
  FACET_PARAMS,
  hasFilters,
  otherFilterFields,
  searchPageHref,
  SORT_PARAM,
  TERM_PARAM,
  type SearchPageQuery,
  type SortId,
} from './search-page-query';
import type { PageSearchOutcome } from './search-page-search';
import { useSearchPageSettings } from './settings';

export const SEARCH_BODY_CLASS = 'page-type-search';

const SORT_LABELS: Record<SortId, string> = {
  relevance: 'Most relevant',
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title (A to Z)',
};

function HiddenFields({ fields }: { fields: ReadonlyArray<readonly [string, string]> }) {
  return (
    <>
      {fields.map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** "12 results for “rates”", "1 result", "No results for “zzz”". */
export function resultsHeading(total: number, term: string): string {
  const forTerm = term ? ` for “${term}”` : '';
  if (total === 0) return `No results${forTerm}`;
  return `${total.toLocaleString('en-NZ')} ${total === 1 ? 'result' : 'results'}${forTerm}`;
}

function NoResults({ query }: { query: SearchPageQuery }) {
  const { path } = useSearchPageSettings();
  return (
    <div class="search-page__empty">
      <p class="filters__empty">Improve your search results by:</p>
      <ul>
        <li>checking your spelling</li>
        <li>using fewer, or more general, words</li>
        {hasFilters(query) ? (
          <li>
            <a href={searchPageHref(path, query, { facetValues: { document_type: [], topic: [] }, otherFilters: [] })}>
              removing the filters
            </a>
          </li>
        ) : (
          <li>searching for a service, like “bins” or “rates”, rather than a question</li>
        )}
      </ul>
    </div>
  );
}

function SortForm({ query }: { query: SearchPageQuery }) {
  const keep: Array<[string, string]> = [
    ...(query.term ? [[TERM_PARAM, query.term] as [string, string]] : []),
    ...FACET_FIELDS.flatMap((field) => query.facetValues[field].map((value): [string, string] => [FACET_PARAMS[field], value])),
    ...otherFilterFields(query),
  ];
  const { path } = useSearchPageSettings();
  return (
    <form class="filters__sort" action={path} method="get">
      <HiddenFields fields={keep} />
      <label class="filters__label filters__label--inline" htmlFor="search-sort">
        Sort by
      </label>
      <select class="filters__select" id="search-sort" name={SORT_PARAM}>
        {(Object.keys(SORT_LABELS) as SortId[]).map((sort) => (
          <option value={sort} selected={sort === query.sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <button class="button button--secondary" type="submit">
        Sort
      </button>
    </form>
  );
}

function Results({ query, outcome }: { query: SearchPageQuery; outcome: Extract<PageSearchOutcome, { kind: 'results' }> }) {
  const { answer } = outcome;
  const total = answer.meta.page.total_results;
  const totalPages = capTotalPages(answer.meta.page.total_pages);
  const { path } = useSearchPageSettings();
  return (
    <div class="filters__results" id="search-results">
      <div class="filters__results-header">
        <h2 class="filters__count" data-results-count={String(total)}>
          {resultsHeading(total, query.term)}
        </h2>
        {total > 0 && <SortForm query={query} />}
      </div>
      {total === 0 && <NoResults query={query} />}
      {total > 0 && answer.results.length === 0 && (
        <p class="filters__empty">
          {totalPages === 1 ? 'There is only 1 page of results.' : `There are only ${totalPages} pages of results.`}{' '}
          <a href={searchPageHref(path, query, { current: totalPages })}>Go to the last page</a>.
        </p>
      )}
      {answer.results.length > 0 && (
        <ol class="filters__list" start={(query.current - 1) * query.size + 1}>
          {answer.results.map((result) => (
            <SearchResultItem result={result} />
          ))}
        </ol>
      )}
      <SearchPaging query={query} totalPages={totalPages} />
    </div>
  );
}

function SearchFailed() {
  return (
    <div class="filters__problem" role="alert">
      <h2 class="filters__problem-title">Search is not working right now</h2>
      <p>Sorry, we could not get your results. Please try again in a few minutes.</p>
      <p>
        You can also <a href="/">browse the site from the home page</a> or <a href="/contact">contact us</a>.
      </p>
    </div>
  );
}

export interface SearchPageProps {
  query: SearchPageQuery;
  outcome: PageSearchOutcome;
}

/** The page's title: the words searched for, or "Search". */
export function searchPageTitle(query: SearchPageQuery): string {
  return query.term ? `Search results for “${query.term}”` : 'Search';
}

/**
 * The search results, the target of the header search form: a GET form (words, document type and topic
 * checkboxes), the results with highlighted snippets, a sort form and page links, inside `<search-results>`,
 * which shows this markup until its own results are in and then searches in place. It works without JavaScript.
 * The site's layout goes around it.
 */
export function SearchPage({ query, outcome }: SearchPageProps) {
  const { path, siteName, endpoint, engine } = useSearchPageSettings();
  const facets = outcome.kind === 'results' ? outcome.facets : undefined;
  return (
    <>
      <h1>Search</h1>
      <search-results {...(endpoint && { endpoint })} {...(engine && { 'data-engine-name': engine })}>
        <div class="filters search-page">
          <form class="filters__form" action={path} method="get" role="search" aria-label="Search and filter">
            {query.sort !== 'relevance' && <input type="hidden" name={SORT_PARAM} value={query.sort} />}
            <HiddenFields fields={otherFilterFields(query)} />
            <div class="filters__field filters__field--keywords">
              <label class="filters__label" htmlFor="search-term">
                {`Search ${siteName} website`}
              </label>
              <input class="filters__input" id="search-term" name={TERM_PARAM} type="search" value={query.term} />
            </div>
            <div class="filters__actions">
              <button class="button" type="submit">
                Search
              </button>
              {hasFilters(query) && (
                <a
                  class="filters__clear"
                  href={searchPageHref(path, query, { facetValues: { document_type: [], topic: [] }, otherFilters: [] })}
                >
                  Clear filters
                </a>
              )}
            </div>
            {facets && (
              <details class="filters__fold">
                <summary class="filters__fold-toggle">Filter results</summary>
                <div class="filters__bar">
                  {FACET_FIELDS.map((field) => (
                    <SearchFacet field={field} data={facets[field]} ticked={query.facetValues[field]} />
                  ))}
                </div>
                <button class="button button--secondary filters__apply" type="submit">
                  Apply filters
                </button>
              </details>
            )}
          </form>
          {outcome.kind === 'idle' && <p>Enter a word or two about what you are looking for, like “rates” or “building consent”.</p>}
          {outcome.kind === 'failed' && <SearchFailed />}
          {outcome.kind === 'results' && <Results query={query} outcome={outcome} />}
        </div>
      </search-results>
    </>
  );
}
