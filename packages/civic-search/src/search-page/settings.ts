import { createContext, useContext } from 'hono/jsx';

/** Where the search page lives and what it calls the site: set once by `searchPageRoutes`, read by its parts. */
export interface SearchPageSettings {
  /** The page's own path (its forms' action and every link it writes). */
  readonly path: string;
  /** The site's name, in the search field's label ("Search <name> website"). */
  readonly siteName: string;
  /** Where `<search-results>` sends its searches (its `endpoint` attribute); empty: the element's default. */
  readonly endpoint: string;
  /** The engine `<search-results>` searches (its `engine` attribute); empty: the header search box's. */
  readonly engine: string;
}

export const DEFAULT_SEARCH_PAGE_PATH = '/search/SearchForm';

export const SearchPageSettingsContext = createContext<SearchPageSettings>({
  path: DEFAULT_SEARCH_PAGE_PATH,
  siteName: 'this',
  endpoint: '',
  engine: '',
});

export const useSearchPageSettings = () => useContext(SearchPageSettingsContext);
