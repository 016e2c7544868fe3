import { DocFilters, docFiltersAttributes } from '../../src/components/filters/DocFilters';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/filters/DocFilters';

/** The `<doc-filters>` class. Importing this module registers nothing: call `define()`. */
export const DocFiltersElement = /* @__PURE__ */ createCustomElement('doc-filters', DocFilters, docFiltersAttributes);

/** Registers the element under `tag` (`<doc-filters>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'doc-filters') => defineOnce(tag, DocFiltersElement);

declare global {
  interface HTMLElementTagNameMap {
    'doc-filters': InstanceType<typeof DocFiltersElement>;
  }
}
