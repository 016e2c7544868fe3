/** Registers `<mobile-nav>`. The class alone, registering nothing, is in ./classes/mobile-nav. */
import { define } from './classes/mobile-nav';

export { MobileNavElement, define } from './classes/mobile-nav';

define();
