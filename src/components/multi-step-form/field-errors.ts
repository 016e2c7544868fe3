import type { Field } from './fields';

/**
 * Inline error messages, GOV.UK style: a message above the control (or the options of a group) starting with a
 * visually hidden "Error:", referenced by `aria-describedby`, with `aria-invalid` on the controls and an error
 * class on the field. A server can render the same markup; the element then updates or removes it.
 */
export const ERROR_CLASS = 'multi-step-form__error';
export const FIELD_ERROR_CLASS = 'multi-step-form__field--error';

/** The id of a field's message: `<id of its first control>-error`. */
export function errorIdOf(field: Field): string {
  return `${field.first.id}-error`;
}

/** The element a field's `aria-describedby` goes on: the group's fieldset, else each control. */
function describedElements(field: Field): HTMLElement[] {
  return field.group ? [field.group] : field.controls;
}

function containerOf(field: Field): HTMLElement | null {
  return field.first.closest<HTMLElement>('[data-field]') ?? field.group ?? field.first.parentElement;
}

function setDescribedBy(element: HTMLElement, id: string, present: boolean) {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((value) => value && value !== id);
  if (present) ids.push(id);
  if (ids.length > 0) element.setAttribute('aria-describedby', ids.join(' '));
  else element.removeAttribute('aria-describedby');
}

/** The message of a server-rendered (or earlier) error, without its "Error:" prefix; `null` when there is none. */
export function existingError(field: Field): { element: HTMLElement; message: string } | null {
  // Looked for inside the field, not in the document: the server's nodes may be out of the page while the element
  // first renders, and it reads them then.
  const element = containerOf(field)?.querySelector<HTMLElement>(`[id="${CSS.escape(errorIdOf(field))}"]`);
  if (!element) return null;
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.civic-visually-hidden').forEach((prefix) => prefix.remove());
  return { element, message: (copy.textContent ?? '').replace(/\s+/g, ' ').trim() };
}

/** Above the control; for a group of options, above the options (below the legend and any hint). */
function placeBeforeOptions(field: Field, message: HTMLElement) {
  if (!field.choice) {
    field.first.before(message);
    return;
  }
  let around: HTMLElement | null = field.group ?? field.first.parentElement;
  if (!field.group) while (around && !field.controls.every((control) => around?.contains(control))) around = around.parentElement;
  const option = around ? Array.from(around.children).find((child) => child.contains(field.first)) : undefined;
  (option ?? field.first).before(message);
}

export function showFieldError(field: Field, message: string, prefix: string): void {
  const id = errorIdOf(field);
  let element = existingError(field)?.element;
  if (!element) {
    element = document.createElement('p');
    element.id = id;
    element.className = ERROR_CLASS;
    placeBeforeOptions(field, element);
  }
  const hidden = document.createElement('span');
  hidden.className = 'civic-visually-hidden';
  hidden.textContent = `${prefix} `;
  element.replaceChildren(hidden, message);
  for (const target of describedElements(field)) setDescribedBy(target, id, true);
  // Radios cannot be marked invalid (ARIA gives the radio role no aria-invalid): their group's description says it.
  if (!field.choice) for (const control of field.controls) control.setAttribute('aria-invalid', 'true');
  containerOf(field)?.classList.add(FIELD_ERROR_CLASS);
}

export function clearFieldError(field: Field): void {
  const id = errorIdOf(field);
  existingError(field)?.element.remove();
  for (const target of describedElements(field)) setDescribedBy(target, id, false);
  for (const control of field.controls) control.removeAttribute('aria-invalid');
  containerOf(field)?.classList.remove(FIELD_ERROR_CLASS);
}

/** Whether the field shows an error now (its own, or one the server rendered). */
export function hasFieldError(field: Field): boolean {
  return existingError(field) !== null;
}
