import { FilterInput, filterInputAttributes } from '../../src/components/filter-input/FilterInput';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/filter-input/FilterInput';

/** The `<filter-input>` class. Importing this module registers nothing: call `define()`. */
export const FilterInputElement = /* @__PURE__ */ createCustomElement('filter-input', FilterInput, filterInputAttributes);

/** Registers the element under `tag` (`<filter-input>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'filter-input') => defineOnce(tag, FilterInputElement);

declare global {
  interface HTMLElementTagNameMap {
    'filter-input': InstanceType<typeof FilterInputElement>;
  }
}
