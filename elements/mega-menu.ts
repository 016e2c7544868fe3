/** Registers `<mega-menu>`. The class alone, registering nothing, is in ./classes/mega-menu. */
import { define } from './classes/mega-menu';

export { MegaMenuElement, define } from './classes/mega-menu';

define();
