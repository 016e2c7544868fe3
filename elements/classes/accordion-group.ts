import { AccordionGroup, accordionAttributes } from '../../src/components/accordion/AccordionGroup';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/accordion/AccordionGroup';

/** The `<accordion-group>` class. Importing this module registers nothing: call `define()`. */
export const AccordionGroupElement = /* @__PURE__ */ createCustomElement('accordion-group', AccordionGroup, accordionAttributes);

/** Registers the element under `tag` (`<accordion-group>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'accordion-group') => defineOnce(tag, AccordionGroupElement);

declare global {
  interface HTMLElementTagNameMap {
    'accordion-group': InstanceType<typeof AccordionGroupElement>;
  }
}
