/** Registers `<site-search>`. The class alone, registering nothing, is in ./classes/site-search. */
import { define } from './classes/site-search';

export { SiteSearchElement, define } from './classes/site-search';

define();
