/** Registers `<data-table>`. The class alone, registering nothing, is in ./classes/data-table. */
import { define } from './classes/data-table';

export { DataTableElement, define } from './classes/data-table';

define();
