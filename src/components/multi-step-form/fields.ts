import { labelOf as labelElementOf } from '../../web-component';
import { messageFor, problemOf, type FieldFacts } from './field-messages';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** One question of a step: a single control, or a group of radios (or checkboxes) sharing a name. */
export interface Field {
  /** Stable key: the name of a group, else the control's id. */
  key: string;
  controls: Control[];
  /** The control an error link goes to: the first option of a group. */
  first: Control;
  /** A group of options (radios or checkboxes sharing a name). */
  choice: boolean;
  /** The fieldset of a group of options, when it has one of its own (not the step). */
  group: HTMLFieldSetElement | null;
}

/** Controls a visitor fills in: not buttons, not hidden inputs. */
const CONTROLS = 'input:not([type="hidden"], [type="submit"], [type="button"], [type="reset"], [type="image"]), select, textarea';

/** Marks controls the element disabled because their step is hidden (and only those are enabled again). */
export const DISABLED_BY_STEP = 'data-step-disabled';

/** The controls of an element a visitor fills in, including those disabled because their step is hidden. */
export function controlsIn(root: ParentNode): Control[] {
  return Array.from(root.querySelectorAll<Control>(CONTROLS)).filter(
    (control) => !control.disabled || control.hasAttribute(DISABLED_BY_STEP),
  );
}

/** The fields of a step, in order; options sharing a name form one field. */
export function fieldsIn(step: HTMLElement): Field[] {
  const fields: Field[] = [];
  const groups = new Map<string, Field>();
  for (const control of controlsIn(step)) {
    const choice = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
    const existing = choice && control.name ? groups.get(control.name) : undefined;
    if (existing) {
      existing.controls.push(control);
      existing.choice = true;
      continue;
    }
    const fieldset = choice ? control.closest('fieldset') : null;
    const field: Field = {
      key: choice && control.name ? control.name : control.id,
      controls: [control],
      first: control,
      choice,
      group: fieldset && fieldset !== step && step.contains(fieldset) ? fieldset : null,
    };
    fields.push(field);
    if (choice && control.name) groups.set(control.name, field);
  }
  return fields;
}

/** The field's label: the legend of a group of options, else the control's label. */
export function labelOf(field: Field): string {
  const legend = field.choice ? field.group?.querySelector(':scope > legend') : null;
  const text = (legend ?? labelElementOf(field.first))?.textContent ?? field.first.getAttribute('aria-label') ?? field.first.name;
  return text.replace(/\s+/g, ' ').trim();
}

function facts(field: Field, control: Control): FieldFacts {
  const source = (name: string) => field.first.getAttribute(name) ?? field.group?.getAttribute(name) ?? undefined;
  const own = {
    required: source('data-error-required'),
    format: source('data-error-format'),
    length: source('data-error-length'),
    range: source('data-error-range'),
  };
  const input = control instanceof HTMLInputElement ? control : null;
  return {
    label: labelOf(field),
    kind: field.choice || control instanceof HTMLSelectElement ? 'choice' : input?.type === 'email' ? 'email' : 'text',
    minLength: 'minLength' in control && control.minLength >= 0 ? control.minLength : undefined,
    maxLength: 'maxLength' in control && control.maxLength >= 0 ? control.maxLength : undefined,
    min: input?.min || undefined,
    max: input?.max || undefined,
    own: Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)),
    customMessage: control.validationMessage,
  };
}

/** The message for the field's first problem, or `null` when it is valid (or not validated: disabled, read-only). */
export function fieldProblem(field: Field, messages: Parameters<typeof messageFor>[2]): string | null {
  for (const control of field.controls) {
    if (!control.willValidate) continue;
    const problem = problemOf(control.validity);
    if (problem) return messageFor(problem, facts(field, control), messages);
  }
  return null;
}
