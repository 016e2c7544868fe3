/**
 * The search core's public API: the driver, the App Search connector, the URL history adapters and the types.
 * URL state reading and writing (with qs) lives in ./url-state and is loaded by the driver only when it keeps
 * the URL, so a page with only the header search box does not pay for qs; import it directly when needed.
 */
export {
  createSearchDriver,
  MissingHandlerError,
  type AutocompleteHandler,
  type ClickHandler,
  type SearchActions,
  type SearchDriver,
  type SearchDriverOptions,
  type SearchHandler,
  type SetSearchTermOptions,
} from './driver';
export { createAppSearchConnector, type AppSearchConnectorOptions } from './connector';
export { createBrowserHistory, createMemoryHistory, type MemoryHistory, type UrlHistory } from './url-history';
export { resultsNotice, type ResultsNoticeValues } from './a11y-notice';
export { searchMessages, type SearchMessages } from './messages';
export { filterValuesMatch } from './filters';
export { MAX_RESULTS_PER_PAGE } from './paging';
export {
  INVALID_CREDENTIALS,
  defaultSearchState,
  type AutocompleteResponseState,
  type Facet,
  type FacetValue,
  type Filter,
  type FilterType,
  type FilterValue,
  type FilterValueRange,
  type RequestState,
  type SearchResponseState,
  type SearchState,
  type SortDirection,
  type SortOption,
  type Suggestion,
} from './state';
export type {
  AutocompleteQueryConfig,
  ResultClick,
  ResultClickContext,
  SearchConnector,
  SearchQueryConfig,
  SuggestionClick,
} from './search-connector';
export type { UrlRequestState } from './url-state';
