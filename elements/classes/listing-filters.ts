import { ListingFilters, listingFiltersAttributes } from '../../src/components/filters/ListingFilters';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/filters/ListingFilters';

/** The `<listing-filters>` class. Importing this module registers nothing: call `define()`. */
export const ListingFiltersElement = /* @__PURE__ */ createCustomElement('listing-filters', ListingFilters, listingFiltersAttributes);

/** Registers the element under `tag` (`<listing-filters>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'listing-filters') => defineOnce(tag, ListingFiltersElement);

declare global {
  interface HTMLElementTagNameMap {
    'listing-filters': InstanceType<typeof ListingFiltersElement>;
  }
}
