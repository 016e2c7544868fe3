/** A field of an example form, as data: the page renders it with matching constraint attributes, the server validates it. */
interface FieldBase {
  name: string;
  label: string;
  hint?: string;
  required: boolean;
  /** GOV.UK-style messages, used by the server and given to the element (data-error-*). */
  messages: { required?: string; format?: string; length?: string };
}

export interface TextField extends FieldBase {
  kind: 'text' | 'email' | 'tel' | 'textarea';
  maxLength?: number;
  /** A whole-value pattern, as the `pattern` attribute reads it. */
  pattern?: string;
  autocomplete?: string;
  /** The input is narrow (a code, a number). */
  narrow?: boolean;
}

export interface ChoiceField extends FieldBase {
  kind: 'radios';
  options: Array<{ value: string; label: string }>;
}

export interface CheckboxField extends FieldBase {
  kind: 'checkbox';
  /** The value sent when ticked. */
  value: string;
}

export type FormField = TextField | ChoiceField | CheckboxField;

export interface FormStepDef {
  id: string;
  title: string;
  intro?: string;
  /** A `data-show-if` rule (src/core/form-steps.ts syntax): the step applies only when it holds. */
  showIf?: string;
  fields: FormField[];
}

export interface FormDef {
  slug: string;
  title: string;
  summary: string;
  intro: string;
  submitLabel: string;
  steps: FormStepDef[];
}
