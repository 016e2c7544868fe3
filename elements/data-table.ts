import { DataTable, dataTableAttributes } from '../src/components/data-table/DataTable';
import { createCustomElement, defineOnce } from '../src/web-component';

export const DataTableElement = createCustomElement('data-table', DataTable, dataTableAttributes);

/** Registers `<data-table>` (or another tag of your choosing). */
export const define = (tag = 'data-table') => defineOnce(tag, DataTableElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'data-table': InstanceType<typeof DataTableElement>;
  }
}
