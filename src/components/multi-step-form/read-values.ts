import { fieldValues } from '../../core/form-steps';
import { controlsIn } from './fields';

/**
 * The form's values as it would send them if every step were shown: a hidden step's fields are disabled (so
 * they are not sent) but keep what was typed, and the display rules decide which count.
 */
export function readValues(form: HTMLFormElement): Map<string, string[]> {
  const entries: Array<[string, string]> = [];
  for (const control of controlsIn(form)) {
    if (!control.name) continue;
    if (control instanceof HTMLInputElement) {
      if (control.type === 'file') continue;
      if ((control.type === 'radio' || control.type === 'checkbox') && !control.checked) continue;
      entries.push([control.name, control.value]);
    } else if (control instanceof HTMLSelectElement) {
      for (const option of control.selectedOptions) entries.push([control.name, option.value]);
    } else {
      entries.push([control.name, control.value]);
    }
  }
  // Hidden inputs can feed a rule too (a site may carry an answer from an earlier page).
  for (const hidden of form.querySelectorAll<HTMLInputElement>('input[type="hidden"][name]')) entries.push([hidden.name, hidden.value]);
  return fieldValues(entries);
}
