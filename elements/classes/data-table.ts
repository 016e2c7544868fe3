import { DataTable, dataTableAttributes } from '../../src/components/data-table/DataTable';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/data-table/DataTable';

/** The `<data-table>` class. Importing this module registers nothing: call `define()`. */
export const DataTableElement = /* @__PURE__ */ createCustomElement('data-table', DataTable, dataTableAttributes);

/** Registers the element under `tag` (`<data-table>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'data-table') => defineOnce(tag, DataTableElement);

declare global {
  interface HTMLElementTagNameMap {
    'data-table': InstanceType<typeof DataTableElement>;
  }
}
