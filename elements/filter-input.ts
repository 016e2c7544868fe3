/** Registers `<filter-input>`. The class alone, registering nothing, is in ./classes/filter-input. */
import { define } from './classes/filter-input';

export { FilterInputElement, define } from './classes/filter-input';

define();
