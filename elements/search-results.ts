/** Registers `<search-results>`. The class alone, registering nothing, is in ./classes/search-results. */
import { define } from './classes/search-results';

export { SearchResultsElement, define } from './classes/search-results';

define();
