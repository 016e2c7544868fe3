import { draftStorageKey, parseDraft, serializeDraft, type FormDraft } from '../../core/form-draft';
import { controlsIn, type Control } from './fields';

/** On a form, or on a field or a part of one: kept out of the draft. */
export const NO_DRAFT = 'data-no-draft';

/** The form's draft key: its `data-draft-key`, else the path it posts to (the same on the page a refused post returns). */
export function draftKeyOf(form: HTMLFormElement): string | null {
  if (form.closest(`[${NO_DRAFT}]`)) return null;
  const named = form.getAttribute('data-draft-key');
  if (named) return named;
  return new URL(form.getAttribute('action') ?? '', document.baseURI).pathname;
}

/** Controls a draft keeps: named, not a password or a file, not marked `data-no-draft`. */
function draftControls(form: HTMLFormElement): Control[] {
  return controlsIn(form).filter(
    (control) =>
      control.name !== '' &&
      !(control instanceof HTMLInputElement && (control.type === 'password' || control.type === 'file')) &&
      !control.closest(`[${NO_DRAFT}]`),
  );
}

const isOption = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');

/** The answers as the form would send them, including those of steps hidden for now (they keep what was typed). */
export function readDraftFields(form: HTMLFormElement): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const control of draftControls(form)) {
    if (isOption(control)) {
      if (control.checked) fields.push([control.name, control.value]);
    } else if (control instanceof HTMLSelectElement) {
      for (const option of control.selectedOptions) fields.push([control.name, option.value]);
    } else fields.push([control.name, control.value]);
  }
  return fields;
}

/** What the server put in the page for a control: a value, a checked option, a selected option. */
function serverGave(control: Control): boolean {
  if (isOption(control)) return control.defaultChecked;
  if (control instanceof HTMLSelectElement) return Array.from(control.options).some((option) => option.defaultSelected);
  return control.defaultValue !== '';
}

/**
 * Puts a draft's answers back into the form. A field the server filled in (a post it refused comes back with
 * the answers sent) keeps the server's answer: the draft fills only what the page left empty. Returns whether
 * anything was put back.
 */
export function applyDraftFields(form: HTMLFormElement, fields: FormDraft['fields']): boolean {
  const byName = new Map<string, string[]>();
  for (const [name, value] of fields) byName.set(name, [...(byName.get(name) ?? []), value]);
  const groups = new Map<string, Control[]>();
  for (const control of draftControls(form)) groups.set(control.name, [...(groups.get(control.name) ?? []), control]);
  let restored = false;
  for (const [name, controls] of groups) {
    const values = byName.get(name);
    if (!values || controls.some(serverGave)) continue;
    let next = 0;
    for (const control of controls) {
      if (isOption(control)) control.checked = values.includes(control.value);
      else if (control instanceof HTMLSelectElement) {
        for (const option of control.options) option.selected = values.includes(option.value);
      } else control.value = values[next++] ?? '';
    }
    restored = true;
  }
  return restored;
}

/** Session storage can be missing, full or refused (a privacy setting): a draft is a convenience, never an error. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(key: string): FormDraft | null {
  try {
    return parseDraft(storage()?.getItem(draftStorageKey(key)) ?? null);
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: FormDraft): void {
  try {
    storage()?.setItem(draftStorageKey(key), serializeDraft(draft));
  } catch {
    // Full or refused: the visitor keeps what the browser keeps by itself.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(draftStorageKey(key));
  } catch {
    // Nothing could be stored either.
  }
}
