import type { RefObject } from 'react';
import { format } from '../../core/i18n';
import type { SearchState } from '../../core/search';
import { sortIdOf, SORT_IDS, type SearchResultsConfig, type SortId } from '../../core/search-results-config';
import type { ResultView } from '../../core/search-result-view';
import { resultsHeading, type SearchResultsMessages } from './messages';
import { Paging } from './Paging';
import { ResultItem } from './ResultItem';

const SORT_LABEL_KEYS = {
  relevance: 'sortRelevance',
  newest: 'sortNewest',
  oldest: 'sortOldest',
  title: 'sortTitle',
} as const satisfies Record<SortId, keyof SearchResultsMessages>;

interface ResultsAreaProps {
  idBase: string;
  state: SearchState;
  results: readonly ResultView[];
  config: SearchResultsConfig;
  headingRef: RefObject<HTMLHeadingElement | null>;
  t: SearchResultsMessages;
  formatCount: (count: number) => string;
  pageHref: (page: number) => string;
  onSort: (sort: SortId) => void;
  onSize: (size: number) => void;
  onPage: (page: number) => void;
  onClearFilters: () => void;
  onFollow: (result: ResultView) => void;
}

/**
 * The results region: the heading with the count (focused after a page change), the sort and page-size selects,
 * the results, the empty state or the error text, and the page links. While a search runs it is aria-busy and
 * the previous results stay.
 */
export function ResultsArea(props: ResultsAreaProps) {
  const { idBase, state, results, config, headingRef, t, formatCount, pageHref, onSort, onSize, onPage, onClearFilters, onFollow } = props;
  const searched = state.wasSearched;
  const idle = !searched && !state.isLoading && !state.searchTerm && state.filters.length === 0;
  const total = state.totalResults;
  const sizes = [...new Set([...config.pageSizes, state.resultsPerPage])].sort((a, b) => a - b);
  return (
    <div className="search-results__results" aria-busy={state.isLoading}>
      {state.error ? (
        <div className="search-results__error" role="alert">
          <h2 className="search-results__error-title">{t.errorTitle}</h2>
          <p>{state.error}</p>
        </div>
      ) : idle ? (
        <p className="search-results__idle">{t.idle}</p>
      ) : (
        searched && (
          <>
            <div className="search-results__header">
              <h2 className="search-results__count" ref={headingRef} tabIndex={-1}>
                {resultsHeading(total, state.resultSearchTerm, t, formatCount)}
              </h2>
              {total > 0 && (
                <div className="search-results__control">
                  <label className="search-results__control-label" htmlFor={`${idBase}-sort`}>
                    {t.sortLabel}
                  </label>
                  <select
                    className="search-results__select"
                    id={`${idBase}-sort`}
                    value={sortIdOf(state, config) ?? 'relevance'}
                    onChange={(event) => onSort(event.currentTarget.value as SortId)}
                  >
                    {SORT_IDS.map((id) => (
                      <option key={id} value={id}>
                        {t[SORT_LABEL_KEYS[id]]}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </div>
            {total === 0 && (
              <div className="search-results__empty">
                <p>{t.improveResults}</p>
                <ul>
                  <li>{t.checkSpelling}</li>
                  <li>{t.fewerWords}</li>
                  {state.filters.length > 0 && <li>{t.removeFilters}</li>}
                </ul>
                {state.filters.length > 0 && (
                  <button className="search-results__clear" type="button" onClick={onClearFilters}>
                    {t.clearFilters}
                  </button>
                )}
              </div>
            )}
            {total > 0 && results.length === 0 && state.totalPages > 0 && (
              <p className="search-results__past-end">
                {format(t.pastLastPage, { totalPages: formatCount(state.totalPages) })}{' '}
                <a
                  href={pageHref(state.totalPages)}
                  onClick={(event) => {
                    event.preventDefault();
                    onPage(state.totalPages);
                  }}
                >
                  {t.lastPageLink}
                </a>
              </p>
            )}
            {results.length > 0 && (
              <ol className="search-results__list" start={state.pagingStart}>
                {results.map((result, index) => (
                  <ResultItem key={`${result.id}-${index}`} result={result} t={t} onFollow={onFollow} />
                ))}
              </ol>
            )}
            {total > 0 && (
              <div className="search-results__footer">
                <Paging current={state.current} totalPages={state.totalPages} href={pageHref} t={t} onPage={onPage} />
                <div className="search-results__control">
                  <label className="search-results__control-label" htmlFor={`${idBase}-size`}>
                    {t.sizeLabel}
                  </label>
                  <select
                    className="search-results__select"
                    id={`${idBase}-size`}
                    value={String(state.resultsPerPage)}
                    onChange={(event) => onSize(Number(event.currentTarget.value))}
                  >
                    {sizes.map((size) => (
                      <option key={size} value={String(size)}>
                        {formatCount(size)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            )}
          </>
        )
      )}
    </div>
  );
}
