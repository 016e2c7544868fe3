/**
 * The search page's address as the server's own forms write it, read into search state. Without JavaScript the
 * header form sends `?Search=rates` and the results page's form `?Search=rates&type=Policy&sort=newest&page=2`;
 * the results element keeps its state in Elastic Search UI's keys (`q`, `filters`, `current`, ...). On arrival the
 * element reads both, so any address a visitor has, bookmarked or typed, shows the same search with JavaScript.
 */
import { SEARCH_QUERY_MAX_LENGTH } from './constants';
import { toPageNumber } from './search/paging';
import type { Filter, RequestState } from './search/state';
import type { SearchResultsConfig, SortId } from './search-results-config';
import { sortOptions, SORT_IDS } from './search-results-config';

type ParamNames = Pick<SearchResultsConfig, 'termParam' | 'pageParam' | 'sortParam' | 'facets' | 'dateField' | 'titleField'>;

/**
 * The state the server form's own parameters ask for, or undefined when the address has none of them (then it is
 * a Search UI address, or empty). Facet parameters become `any` filters, as the server page applies them.
 */
export function readPageParams(queryString: string, names: ParamNames): Partial<RequestState> | undefined {
  const params = new URLSearchParams(queryString);
  const state: Partial<RequestState> = {};
  let found = false;

  const term = params.get(names.termParam);
  if (term !== null) {
    found = true;
    const trimmed = term.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
    if (trimmed) state.searchTerm = trimmed;
  }
  const page = params.get(names.pageParam);
  if (page !== null) {
    found = true;
    const current = toPageNumber(page);
    if (current !== undefined) state.current = current;
  }
  const sort = params.get(names.sortParam);
  const sortId = SORT_IDS.find((id): id is SortId => id === sort);
  if (sortId) {
    found = true;
    const option = sortOptions(names)[sortId];
    Object.assign(state, { sortList: [], sortField: option?.field ?? '', sortDirection: option?.direction ?? '' });
  }
  const filters: Filter[] = [];
  for (const facet of names.facets) {
    if (!facet.param || !params.has(facet.param)) continue;
    found = true;
    const values = [...new Set(params.getAll(facet.param).filter((value) => value.length > 0 && value.length <= SEARCH_QUERY_MAX_LENGTH))];
    if (values.length > 0) filters.push({ field: facet.field, values, type: 'any' });
  }
  if (filters.length > 0) state.filters = filters;
  return found ? state : undefined;
}

/**
 * Both readings of one address together: the server form's parameters win, and their facet filters are added to
 * the Search UI filters (values of the same field and type merged, each once).
 */
export function withPageParams(searchUi: Partial<RequestState>, own: Partial<RequestState>): Partial<RequestState> {
  const filters = (searchUi.filters ?? []).map((filter) => ({ ...filter, values: [...filter.values] }));
  for (const filter of own.filters ?? []) {
    const same = filters.find((known) => known.field === filter.field && known.type === filter.type);
    if (!same) filters.push({ ...filter, values: [...filter.values] });
    else for (const value of filter.values) if (!same.values.includes(value)) same.values.push(value);
  }
  const merged: Partial<RequestState> = { ...searchUi, ...own };
  if (filters.length > 0) merged.filters = filters;
  else delete merged.filters;
  return merged;
}
