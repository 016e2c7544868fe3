import { AccordionGroup, accordionAttributes } from '../src/components/accordion/AccordionGroup';
import { createCustomElement, defineOnce } from '../src/web-component';

export const AccordionGroupElement = createCustomElement('accordion-group', AccordionGroup, accordionAttributes);

/** Registers `<accordion-group>` (or another tag of your choosing). */
export const define = (tag = 'accordion-group') => defineOnce(tag, AccordionGroupElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'accordion-group': InstanceType<typeof AccordionGroupElement>;
  }
}
