import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { format } from '../../core/i18n';
import type { SearchState } from '../../core/search';
import { facetOptions, type FacetOption } from '../../core/search-facet-options';
import { readSearchResultsConfig, sortOptions, type SortId } from '../../core/search-results-config';
import { resultView, type ResultView } from '../../core/search-result-view';
import { Adopt, dispatch, useMessages, useServerContent, useKitId, type ElementProps, type PropsOf } from '../../web-component';
import { coreMessages } from '../site-search/messages';
import { setFieldText } from '../site-search/parse-site-search';
import { useAnnouncer } from '../site-search/use-announcer';
import { facetLegend, searchResultsMessages } from './messages';
import { inServerContent, parseSearchPage, serverFiltersFold } from './parse-search-page';
import { ResultsArea, SearchError } from './ResultsArea';
import { SearchForm, type FacetView } from './SearchForm';
import { useResultsDriver } from './use-results-driver';

export const searchResultsAttributes = {
  /** The search engine's name; without it, the header `<site-search>`'s `data-engine-name` is used. */
  dataEngineName: 'string',
  /** Fields, facets, page sizes and the server form's parameter names (JSON); see README. */
  config: 'json',
  /** The site's name, for the field's label when the server's form gave none. */
  siteName: 'string',
  /** New words from the element's own form keep the ticked facets (by default a new term clears them). */
  keepFilters: 'boolean',
  /** The search service's address; without it, the header `<site-search>`'s `endpoint`, else `/_search-proxy`. */
  endpoint: 'string',
} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The search state changed: once the address has been read, then after every action and answer. */
    'search-state-change': { state: SearchState };
    /** A result's link was followed (tracked as a click-through with the search's request id). */
    'search-result-click': { documentId: string; url: string; requestId: string };
  }
}

const ELEMENT = 'search-results';

type SearchResultsProps = PropsOf<typeof searchResultsAttributes> & ElementProps;

/** Where focus goes when the element's own page replaces the server's while a visitor is on it. */
type CarriedFocus = { kind: 'field'; value: string } | { kind: 'filters' } | { kind: 'heading' };

function countFormatter(host: HTMLElement): (count: number) => string {
  const lang = host.closest('[lang]')?.getAttribute('lang') || undefined;
  try {
    const numberFormat = new Intl.NumberFormat(lang);
    return (count) => numberFormat.format(count);
  } catch {
    return (count) => String(count);
  }
}

export function SearchResults({ host, serverNodes, i18n, dataEngineName, config: rawConfig, siteName, keepFilters }: SearchResultsProps) {
  const t = useMessages(searchResultsMessages, i18n, ELEMENT);
  const serverPage = useServerContent(serverNodes, parseSearchPage);
  const { config, problems } = useMemo(() => readSearchResultsConfig(rawConfig), [rawConfig]);
  const messages = useMemo(() => coreMessages(t), [t]);
  const formatCount = useMemo(() => countFormatter(host), [host]);
  const [notice, announce] = useAnnouncer();
  /** The element's own page shows (the server's page, if any, is gone). */
  const [clientShown, setClientShown] = useState(!serverPage.hasContent);
  /** The first search failed while the server's page shows: its error text goes above that page. */
  const [firstFailure, setFirstFailure] = useState('');
  const shown = useRef(!serverPage.hasContent);
  const carried = useRef<CarriedFocus | null>(null);
  const filtersRef = useRef<HTMLDetailsElement>(null);
  /** A page link was followed: focus goes to the results heading once that page shows. */
  const focusAfterPage = useRef<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const idBase = useKitId('search-results');

  useEffect(() => {
    if (problems.length > 0) console.warn(`<${ELEMENT}>: config: ${problems.join('; ')}.`);
  }, [problems]);

  // The server's page stays until the first client results (or the idle prompt) can replace it: nothing shows twice,
  // nothing empty flashes. A failure before that keeps the server's page, which works without the element.
  const onState = useCallback(
    (state: SearchState) => {
      if (shown.current) return;
      const idle = !state.searchTerm && state.filters.length === 0 && !state.wasSearched && !state.isLoading;
      if (state.wasSearched || idle || (state.error && !serverPage.hasContent)) {
        const focused = document.activeElement;
        const fold = serverFiltersFold(serverNodes);
        if (inServerContent(serverNodes, focused)) {
          carried.current =
            focused instanceof HTMLInputElement && (focused.type === 'search' || focused.type === 'text')
              ? { kind: 'field', value: focused.value }
              : fold !== null && focused !== null && fold.contains(focused)
                ? { kind: 'filters' }
                : { kind: 'heading' };
        }
        shown.current = true;
        setClientShown(true);
      } else if (state.error) {
        console.warn(`<${ELEMENT}>: ${state.error} The server's page is kept.`);
        setFirstFailure(state.error);
      }
    },
    [serverNodes, serverPage.hasContent],
  );

  const driver = useResultsDriver({ host, engineName: dataEngineName, config, messages, onNotice: announce, onState });
  const state = driver?.state;
  const actions = driver?.actions;
  const live = clientShown && driver !== null;

  // The field follows the state's words when they change from outside (back and forward, the header search).
  const term = state?.searchTerm;
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && term !== undefined && input.value !== term) setFieldText(input, term);
  }, [term, live]);

  // A visitor who opened the server page's filters while the code loaded finds the element's own open. Read as the
  // element's page commits, not when its results arrived: a tap can fall between the two.
  useLayoutEffect(() => {
    if (live && filtersRef.current && serverFiltersFold(serverNodes)?.open) filtersRef.current.open = true;
  }, [live, serverNodes]);

  useLayoutEffect(() => {
    const focus = carried.current;
    if (!live || !focus) return;
    carried.current = null;
    const input = inputRef.current;
    if (focus.kind === 'field' && input) {
      setFieldText(input, focus.value);
      input.focus();
    } else if (focus.kind === 'filters' && filtersRef.current) {
      filtersRef.current.querySelector('summary')?.focus();
    } else {
      headingRef.current?.focus();
    }
  }, [live]);

  // Focus moves to the heading as the new page of results commits.
  useLayoutEffect(() => {
    const page = focusAfterPage.current;
    if (page === null || !state || state.isLoading || state.current !== page || !state.wasSearched) return;
    focusAfterPage.current = null;
    headingRef.current?.focus();
  }, [state]);

  // The header search on this page searches in place instead of loading the page again, from the moment the
  // results are live (a layout effect: a search made right then must not load the page).
  useLayoutEffect(() => {
    if (!live || !actions) return;
    const onHeaderSubmit = (event: CustomEvent<{ searchTerm: string }>) => {
      event.preventDefault();
      actions.setSearchTerm(event.detail.searchTerm.trim());
    };
    document.addEventListener('site-search-submit', onHeaderSubmit);
    return () => document.removeEventListener('site-search-submit', onHeaderSubmit);
  }, [live, actions]);

  const status = (
    <div className="civic-visually-hidden" role="status">
      {/* A failed search empties it: the alert speaks, and the last results' count no longer holds. */}
      {state?.error ? '' : notice}
    </div>
  );
  if (!live || !state || !actions || !driver) {
    return (
      <>
        {/* The server's page may say it failed too: then the text goes without a second heading. */}
        {firstFailure && <SearchError title={serverPage.hasAlert ? undefined : t.errorTitle} text={firstFailure} />}
        <Adopt className="search-results__server" nodes={serverNodes} />
        {status}
      </>
    );
  }

  const results = state.results.map((result) => resultView(result, config));
  const facets: FacetView[] = config.facets.map((facet) => ({
    field: facet.field,
    legend: facetLegend(facet, t),
    options: facetOptions(facet.field, state.facets, state.filters),
  }));
  const hasFilters = state.filters.length > 0;
  const emptyState = state.wasSearched && state.totalResults === 0 && !state.error;
  const label =
    serverPage.fieldLabel ?? (siteName?.trim() ? format(t.fieldLabel, { siteName: siteName.trim() }) : t.fieldLabelWithoutSiteName);
  const request = {
    filters: state.filters,
    resultsPerPage: state.resultsPerPage,
    searchTerm: state.searchTerm,
    sortDirection: state.sortDirection,
    sortField: state.sortField,
    sortList: state.sortList,
  };
  const pageHref = (page: number) => {
    const query = driver.queryString({ ...request, current: page });
    return query ? `?${query}` : location.pathname;
  };
  const onFacet = (field: string, option: FacetOption, checked: boolean) => {
    if (checked) actions.addFilter(field, option.value, 'any');
    else actions.removeFilter(field, option.value);
  };
  const onSort = (sort: SortId) => {
    const option = sortOptions(config)[sort];
    actions.setSort(option?.field ?? '', option?.direction ?? '');
  };
  const onPage = (page: number) => {
    focusAfterPage.current = page;
    actions.setCurrent(page);
  };
  const onFollow = (result: ResultView) => {
    actions.trackClickThrough(result.id);
    dispatch(host, 'search-result-click', { documentId: result.id, url: result.href ?? '', requestId: state.requestId });
  };

  return (
    <>
      <div className="search-results">
        <SearchForm
          idBase={idBase}
          label={label}
          fieldName={config.termParam}
          initialTerm={state.searchTerm}
          inputRef={inputRef}
          filtersRef={filtersRef}
          facets={facets}
          showClearFilters={hasFilters && !emptyState}
          t={t}
          onSearch={(words) => actions.setSearchTerm(words, { shouldClearFilters: !keepFilters })}
          onFacet={onFacet}
          onClearFilters={() => actions.clearFilters()}
        />
        <ResultsArea
          idBase={idBase}
          state={state}
          results={results}
          config={config}
          headingRef={headingRef}
          t={t}
          formatCount={formatCount}
          pageHref={pageHref}
          onSort={onSort}
          onSize={(size) => actions.setResultsPerPage(size)}
          onPage={onPage}
          onClearFilters={() => actions.clearFilters()}
          onFollow={onFollow}
        />
      </div>
      {status}
    </>
  );
}
