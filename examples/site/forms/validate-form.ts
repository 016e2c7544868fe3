import { fieldValues, parseCondition, resolveHiddenSteps, type Condition, readMaskedValue } from 'civic-elements/core';
import type { FormDef, FormField } from './form-types';

/** A problem with one field, GOV.UK style. */
export interface FieldError {
  field: string;
  message: string;
}

export type FormValues = Map<string, string[]>;

/** The browser's own email check (HTML's valid e-mail address), so server and browser agree. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

function conditionOf(rule: string | undefined): Condition | null {
  if (rule === undefined) return null;
  const parsed = parseCondition(rule);
  if (!parsed.ok) throw new Error(`Form step rule "${rule}": ${parsed.problem}`);
  return parsed.condition;
}

/** Which steps apply to these values: the same rules `<multi-step-form>` reads from the page. */
export function appliedSteps(form: FormDef, values: FormValues): boolean[] {
  const hidden = resolveHiddenSteps(
    form.steps.map((step) => ({ condition: conditionOf(step.showIf), fields: step.fields.map((field) => field.name) })),
    values,
  );
  return hidden.map((isHidden) => !isHidden);
}

/** Reads a post into values by name. */
export function formValues(body: URLSearchParams): FormValues {
  return fieldValues(body.entries());
}

const first = (values: FormValues, name: string) => (values.get(name)?.[0] ?? '').trim();

/** A field's answer as the server keeps it, or the problem with it. */
type Checked = { message: string } | { value: string };

function checkField(field: FormField, values: FormValues): Checked {
  const value = first(values, field.name);
  if (value === '') return field.required ? { message: field.messages.required ?? `Enter ${field.label.toLowerCase()}` } : { value };
  switch (field.kind) {
    case 'radios':
      return field.options.some((option) => option.value === value)
        ? { value }
        : { message: field.messages.required ?? 'Select an option' };
    case 'checkbox':
      return { value };
    default: {
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return { message: field.messages.length ?? 'The answer is too long' };
      if (field.kind === 'email' && !EMAIL.test(value)) return { message: field.messages.format ?? 'Enter an email address' };
      // A masked answer is put into shape as the browser's mask does it, then must fill the mask: the same
      // core functions as the page's mask, so a visitor without JavaScript who typed "hcc 7k2m 9qxd" is not refused.
      const masked =
        field.mask === undefined ? { value, complete: true } : readMaskedValue(field.mask, value, { uppercase: field.maskUppercase });
      if (!masked.complete) return { message: field.messages.format ?? 'Check the format' };
      if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'v').test(masked.value))
        return { message: field.messages.format ?? 'Check the format' };
      return { value: masked.value };
    }
  }
}

/**
 * Validates a post again on the server, with the rules the page gives the browser: required, length, email,
 * mask and pattern. Fields of steps whose rule does not hold are neither checked nor kept. `extra` adds checks
 * only the server can make.
 */
export function validateForm(
  form: FormDef,
  values: FormValues,
  extra: (values: FormValues) => FieldError[] = () => [],
): { errors: FieldError[]; accepted: Map<string, string> } {
  const applied = appliedSteps(form, values);
  const errors: FieldError[] = [];
  const accepted = new Map<string, string>();
  form.steps.forEach((step, index) => {
    if (!applied[index]) return;
    for (const field of step.fields) {
      const checked = checkField(field, values);
      if ('message' in checked) errors.push({ field: field.name, message: checked.message });
      else if (checked.value !== '') accepted.set(field.name, checked.value);
    }
  });
  const taken = new Set(errors.map((error) => error.field));
  for (const error of extra(values)) if (!taken.has(error.field)) errors.push(error);
  return { errors, accepted };
}
