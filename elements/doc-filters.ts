/** Registers `<doc-filters>`. The class alone, registering nothing, is in ./classes/doc-filters. */
import { define } from './classes/doc-filters';

export { DocFiltersElement, define } from './classes/doc-filters';

define();
