/**
 * `civic-elements/core`: the kit's rules for a server that writes the elements' markup, so the page it renders
 * without JavaScript and the elements that enhance it agree: the constants, the date formats and readings, the
 * listing query and its URLs, the multi-step form's step conditions, input masks, the announcement cookie,
 * navigation state and subsite colours. And the search's half of the wire, for a server that answers the search
 * elements (civic-search builds it in): App Search's request and answer shapes, the proxy's path and key
 * placeholder, the search state in the URL, its filters as App Search's, and page numbers and sizes.
 * Framework-free; runs in Node and in browsers.
 */
export * from './announcement';
export * from './constants';
export * from './dates';
export * from './form-steps';
export * from './input-mask';
export * from './listing-query';
export * from './listing-url';
export * from './navigation-tree';
export * from './subsite-theme';
export * from './video-url';
export { matchesQuery, normaliseText } from '../components/filter-input/match-text';
export { dateFieldMessages, dateReadingMessage, type DateFieldMessages } from '../components/date-field/messages';
export * from './search/app-search-api';
export { apiFilters } from './search/app-search-request';
export { capTotalPages, toPageNumber, toResultsPerPage } from './search/paging';
export type { Filter, FilterType, FilterValue, FilterValueRange, RequestState, SortDirection, SortOption } from './search/state';
export { queryStringToState, stateToQueryString, type UrlRequestState } from './search/url-state';
