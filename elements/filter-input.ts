import { FilterInput, filterInputAttributes } from '../src/components/filter-input/FilterInput';
import { createCustomElement, defineOnce } from '../src/web-component';

export const FilterInputElement = createCustomElement('filter-input', FilterInput, filterInputAttributes);

/** Registers `<filter-input>` (or another tag of your choosing). */
export const define = (tag = 'filter-input') => defineOnce(tag, FilterInputElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'filter-input': InstanceType<typeof FilterInputElement>;
  }
}
