import { useLayoutEffect, useRef, type RefObject } from 'react';
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
 * the results, the empty state, and the page links. While a search runs it is aria-busy and the previous results
 * stay. A failed search shows its error text in their place but keeps every control (sort, page size, page links):
 * the control the visitor just used keeps focus, and they can try again from it.
 */
/** The spec's error text in an alert, under a heading (none when the page already has one saying so). */
export function SearchError({ title, text, alertRef }: { title?: string; text: string; alertRef?: RefObject<HTMLDivElement | null> }) {
  return (
    <div className="search-results__error" role="alert" ref={alertRef} tabIndex={alertRef ? -1 : undefined}>
      {title && <h2 className="search-results__error-title">{title}</h2>}
      <p>{text}</p>
    </div>
  );
}

export function ResultsArea(props: ResultsAreaProps) {
  const { idBase, state, results, config, headingRef, t, formatCount, pageHref, onSort, onSize, onPage, onClearFilters, onFollow } = props;
  const searched = state.wasSearched;
  const idle = !searched && !state.isLoading && !state.searchTerm && state.filters.length === 0;
  const total = state.totalResults;
  const sizes = [...new Set([...config.pageSizes, state.resultsPerPage])].sort((a, b) => a - b);
  const failed = Boolean(state.error);
  const regionRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The last element in the region that had focus, until focus moves to another element outside it.
  const lastFocused = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    const onFocusIn = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !region.contains(event.relatedTarget)) lastFocused.current = null;
    };
    region.addEventListener('focusin', onFocusIn);
    region.addEventListener('focusout', onFocusOut);
    return () => {
      region.removeEventListener('focusin', onFocusIn);
      region.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  // Focus on a part this render took away (a result link when a search failed) goes to what replaced it, never to
  // the page. Focus the visitor put on the page itself (a click on blank space) is left there.
  useLayoutEffect(() => {
    const gone = lastFocused.current;
    const active = document.activeElement;
    if (!gone || gone.isConnected || (active && active !== document.body)) return;
    lastFocused.current = null;
    (failed ? alertRef : headingRef).current?.focus();
  });
  return (
    <div className="search-results__results" aria-busy={state.isLoading} ref={regionRef}>
      {/* Each part keeps its place in the tree, so an error arriving or going never re-creates the controls. */}
      {failed && <SearchError title={t.errorTitle} text={state.error} alertRef={alertRef} />}
      {idle ? (
        <p className="search-results__idle">{t.idle}</p>
      ) : (
        searched && (
          <>
            <div className="search-results__header">
              {!failed && (
                <h2 className="search-results__count" ref={headingRef} tabIndex={-1}>
                  {resultsHeading(total, state.resultSearchTerm, t, formatCount)}
                </h2>
              )}
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
            {!failed && total === 0 && (
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
            {!failed && total > 0 && results.length === 0 && state.totalPages > 0 && (
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
            {!failed && results.length > 0 && (
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
