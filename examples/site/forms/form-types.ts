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
  /**
   * An input mask (`data-mask`, src/core/input-mask.ts: 0 a digit, a a letter, * either, the rest literal). The
   * page renders the matching `pattern` (unless `pattern` is given) and the server checks the value with the same
   * core functions, after putting it into shape as the browser's mask would have.
   */
  mask?: string;
  /** The mask writes letters in capitals (`data-mask-uppercase`); the server does the same. */
  maskUppercase?: boolean;
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
