/** Registers `<jump-links>`. The class alone, registering nothing, is in ./classes/jump-links. */
import { define } from './classes/jump-links';

export { JumpLinksElement, define } from './classes/jump-links';

define();
