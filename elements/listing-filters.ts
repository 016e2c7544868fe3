import { ListingFilters, listingFiltersAttributes } from '../src/components/filters/ListingFilters';
import { createCustomElement, defineOnce } from '../src/web-component';

export const ListingFiltersElement = createCustomElement('listing-filters', ListingFilters, listingFiltersAttributes);

/** Registers `<listing-filters>` (or another tag of your choosing). */
export const define = (tag = 'listing-filters') => defineOnce(tag, ListingFiltersElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'listing-filters': InstanceType<typeof ListingFiltersElement>;
  }
}
