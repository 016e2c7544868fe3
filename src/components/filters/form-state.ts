/** A filter form's state as a query string, and back. */
import { serializeEntries } from '../../core/listing-url';

/** The form's successful controls as a query string, empty values left out (as the URL the page shows). */
export function serializeForm(form: HTMLFormElement): string {
  return serializeEntries(new FormData(form));
}

/**
 * Leaves blank fields out of what a form submits (the entries of its `formdata` event), as serializeForm does,
 * so the address of a submitted filter form holds only what was chosen. (With nothing chosen the browser still
 * writes a bare `?`; the listing's server redirects that, and blank fields from a form sent without JavaScript.)
 */
export function dropEmptyEntries(data: FormData): void {
  const entries = [...data];
  if (!entries.some(([, value]) => typeof value === 'string' && value.trim() === '')) return;
  for (const name of new Set(entries.map(([name]) => name))) data.delete(name);
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || value.trim() !== '') data.append(name, value);
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
/** Controls whose value the page sets, not the visitor: never overwritten from a URL. */
const FIXED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

/** Sets the form's controls to what a query string says (back and forward): unlisted controls are cleared. */
export function restoreForm(form: HTMLFormElement, search: string): void {
  const params = new URLSearchParams(search);
  for (const element of Array.from(form.elements)) {
    if (!isControl(element) || !element.name) continue;
    const values = params.getAll(element.name);
    if (element instanceof HTMLInputElement && FIXED_TYPES.has(element.type)) continue;
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      element.checked = values.includes(element.value);
    } else if (element instanceof HTMLSelectElement) {
      restoreSelect(element, values);
    } else {
      element.value = values[0] ?? '';
    }
  }
}

function restoreSelect(select: HTMLSelectElement, values: string[]): void {
  const options = Array.from(select.options);
  if (select.multiple) {
    for (const option of options) option.selected = values.includes(option.value);
    return;
  }
  const chosen =
    options.find((option) => values.length > 0 && option.value === values[0]) ??
    options.find((option) => option.value === '') ??
    options[0];
  if (chosen) chosen.selected = true;
}
