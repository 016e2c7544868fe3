import { DocFilters, docFiltersAttributes } from '../src/components/filters/DocFilters';
import { createCustomElement, defineOnce } from '../src/web-component';

export const DocFiltersElement = createCustomElement('doc-filters', DocFilters, docFiltersAttributes);

/** Registers `<doc-filters>` (or another tag of your choosing). */
export const define = (tag = 'doc-filters') => defineOnce(tag, DocFiltersElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'doc-filters': InstanceType<typeof DocFiltersElement>;
  }
}
