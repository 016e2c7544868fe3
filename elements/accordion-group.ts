/** Registers `<accordion-group>`. The class alone, registering nothing, is in ./classes/accordion-group. */
import { define } from './classes/accordion-group';

export { AccordionGroupElement, define } from './classes/accordion-group';

define();
