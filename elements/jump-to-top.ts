/** Registers `<jump-to-top>`. The class alone, registering nothing, is in ./classes/jump-to-top. */
import { define } from './classes/jump-to-top';

export { JumpToTopElement, define } from './classes/jump-to-top';

define();
