/** Registers `<listing-filters>`. The class alone, registering nothing, is in ./classes/listing-filters. */
import { define } from './classes/listing-filters';

export { ListingFiltersElement, define } from './classes/listing-filters';

define();
