import { SearchResults, searchResultsAttributes } from '../../src/components/search-results/SearchResults';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/search-results/SearchResults';

/** The `<search-results>` class. Importing this module registers nothing: call `define()`. */
export const SearchResultsElement = /* @__PURE__ */ createCustomElement('search-results', SearchResults, searchResultsAttributes);

/** Registers the element under `tag` (`<search-results>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'search-results') => defineOnce(tag, SearchResultsElement);

declare global {
  interface HTMLElementTagNameMap {
    'search-results': InstanceType<typeof SearchResultsElement>;
  }
}
