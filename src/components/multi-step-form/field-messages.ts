import { format } from '../../core/i18n';

/** What is wrong with a field, from the browser's constraint validation. */
export type Problem = 'required' | 'format' | 'tooShort' | 'tooLong' | 'tooLow' | 'tooHigh' | 'custom';

/** The flags of a `ValidityState` this module reads. */
export type ValidityFlags = Pick<
  ValidityState,
  | 'valueMissing'
  | 'typeMismatch'
  | 'patternMismatch'
  | 'badInput'
  | 'tooShort'
  | 'tooLong'
  | 'rangeUnderflow'
  | 'rangeOverflow'
  | 'stepMismatch'
  | 'customError'
>;

/** The first problem a field has, most important first (a custom error is the server's or the site's own word). */
export function problemOf(validity: ValidityFlags): Problem | null {
  if (validity.customError) return 'custom';
  if (validity.valueMissing) return 'required';
  if (validity.badInput || validity.typeMismatch || validity.patternMismatch || validity.stepMismatch) return 'format';
  if (validity.tooShort) return 'tooShort';
  if (validity.tooLong) return 'tooLong';
  if (validity.rangeUnderflow) return 'tooLow';
  if (validity.rangeOverflow) return 'tooHigh';
  return null;
}

/** The field as the messages need it. */
export interface FieldFacts {
  /** The label (or the legend of a group of options). */
  label: string;
  /** `choice`: radios, checkboxes or a select ("Select ..."); `email`: an email field; else `text`. */
  kind: 'text' | 'email' | 'choice';
  minLength?: number;
  maxLength?: number;
  min?: string;
  max?: string;
  /** The site's own messages for this field (`data-error-required`, `-format`, `-length`, `-range`). */
  own: Partial<Record<'required' | 'format' | 'length' | 'range', string>>;
  /** The custom validity message (a server's error, or one a site script set). */
  customMessage?: string;
}

export const fieldMessages = {
  required: 'Enter {label}',
  requiredChoice: 'Select {label}',
  format: 'Enter {label} in the correct format',
  formatEmail: 'Enter an email address in the correct format, like name@example.com',
  tooShort: '{Label} must be {minLength} characters or more',
  tooLong: '{Label} must be {maxLength} characters or fewer',
  tooLow: '{Label} must be {min} or more',
  tooHigh: '{Label} must be {max} or less',
};

type FieldMessages = typeof fieldMessages;

/**
 * The message shown for a problem, GOV.UK style ("Enter your email address"): the site's own message for
 * the field when it gave one, else a message built from the label.
 */
export function messageFor(problem: Problem, field: FieldFacts, messages: FieldMessages): string {
  const values = {
    label: sentenceCase(field.label, false),
    Label: sentenceCase(field.label, true),
    minLength: field.minLength ?? '',
    maxLength: field.maxLength ?? '',
    min: field.min ?? '',
    max: field.max ?? '',
  };
  switch (problem) {
    case 'custom':
      return field.customMessage || field.own.format || format(messages.format, values);
    case 'required':
      return field.own.required ?? format(field.kind === 'choice' ? messages.requiredChoice : messages.required, values);
    case 'format':
      return field.own.format ?? (field.kind === 'email' ? messages.formatEmail : format(messages.format, values));
    case 'tooShort':
      return field.own.length ?? format(messages.tooShort, values);
    case 'tooLong':
      return field.own.length ?? format(messages.tooLong, values);
    case 'tooLow':
      return field.own.range ?? format(messages.tooLow, values);
    case 'tooHigh':
      return field.own.range ?? format(messages.tooHigh, values);
  }
}

/**
 * A label inside a sentence: "Full name" reads "full name" mid-sentence and "Full name" at its start.
 * Words that are all capitals (an acronym such as "NZ") keep their case.
 */
export function sentenceCase(label: string, capital: boolean): string {
  const text = label
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s:]+$/, '');
  const first = text.split(' ')[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return text;
  return (capital ? text.charAt(0).toUpperCase() : text.charAt(0).toLowerCase()) + text.slice(1);
}
