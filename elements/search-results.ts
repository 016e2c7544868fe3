import { SearchResults, searchResultsAttributes } from '../src/components/search-results/SearchResults';
import { createCustomElement, defineOnce } from '../src/web-component';

export const SearchResultsElement = createCustomElement('search-results', SearchResults, searchResultsAttributes);

/** Registers `<search-results>` (or another tag of your choosing). */
export const define = (tag = 'search-results') => defineOnce(tag, SearchResultsElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'search-results': InstanceType<typeof SearchResultsElement>;
  }
}
