/** @jsxImportSource hono/jsx */
import { maskPatternSource } from 'civic-elements/core';
import type { CheckboxField, ChoiceField, FormField, TextField } from './form-types';

/**
 * Fields as a CMS's form module would write them, GOV.UK style, with the browser's constraint attributes and
 * the messages for `<multi-step-form>` (data-error-*). An error from the server is rendered the way the
 * element renders its own: `<id>-error` above the control, referenced by aria-describedby, aria-invalid set.
 */
interface FieldProps<F extends FormField> {
  field: F;
  values: ReadonlyMap<string, readonly string[]>;
  error?: string;
}

/** The id of the control an error link goes to: the field's name (the first option of a group). */
export const controlId = (name: string) => name;

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

function ErrorMessage({ id, message }: { id: string; message: string }) {
  return (
    <p class="multi-step-form__error" id={id}>
      <span class="civic-visually-hidden">Error:</span> {message}
    </p>
  );
}

function TextInput({ field, values, error }: FieldProps<TextField>) {
  const id = controlId(field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const value = values.get(field.name)?.[0] ?? '';
  const shared = {
    id,
    name: field.name,
    class: `multi-step-form__input${field.narrow ? ' multi-step-form__input--narrow' : ''}`,
    required: field.required,
    maxlength: field.maxLength,
    autocomplete: field.autocomplete,
    'aria-describedby': describedBy(hintId, errorId),
    'aria-invalid': error ? 'true' : undefined,
    'data-error-required': field.messages.required,
    'data-error-format': field.messages.format,
    'data-error-length': field.messages.length,
  };
  return (
    <div class={`multi-step-form__field${error ? ' multi-step-form__field--error' : ''}`} data-field>
      <label class="multi-step-form__label" for={id}>
        {field.label}
      </label>
      {field.hint && (
        <div class="multi-step-form__hint" id={hintId}>
          {field.hint}
        </div>
      )}
      {error && errorId && <ErrorMessage id={errorId} message={error} />}
      {field.kind === 'textarea' ? (
        <textarea {...shared} rows={5}>
          {value}
        </textarea>
      ) : (
        <input
          {...shared}
          type={field.kind}
          value={value}
          pattern={field.pattern ?? (field.mask ? maskPatternSource(field.mask) : undefined)}
          data-mask={field.mask}
          data-mask-uppercase={field.maskUppercase ? '' : undefined}
          spellcheck={field.kind === 'email' ? false : undefined}
        />
      )}
    </div>
  );
}

function Radios({ field, values, error }: FieldProps<ChoiceField>) {
  const id = controlId(field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const chosen = values.get(field.name)?.[0];
  return (
    <fieldset
      class={`multi-step-form__field${error ? ' multi-step-form__field--error' : ''}`}
      data-field
      aria-describedby={describedBy(hintId, errorId)}
      data-error-required={field.messages.required}
    >
      <legend>{field.label}</legend>
      {field.hint && (
        <div class="multi-step-form__hint" id={hintId}>
          {field.hint}
        </div>
      )}
      {error && errorId && <ErrorMessage id={errorId} message={error} />}
      <div class="multi-step-form__options">
        {field.options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${index + 1}`;
          return (
            <div class="multi-step-form__option">
              <input
                type="radio"
                id={optionId}
                name={field.name}
                value={option.value}
                checked={chosen === option.value}
                required={field.required}
              />
              <label for={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function Checkbox({ field, values }: FieldProps<CheckboxField>) {
  const id = controlId(field.name);
  return (
    <div class="multi-step-form__field" data-field>
      <div class="multi-step-form__option">
        <input type="checkbox" id={id} name={field.name} value={field.value} checked={values.get(field.name)?.includes(field.value)} />
        <label for={id}>{field.label}</label>
      </div>
    </div>
  );
}

export function Field(props: FieldProps<FormField>) {
  const { field } = props;
  if (field.kind === 'radios') return <Radios {...props} field={field} />;
  if (field.kind === 'checkbox') return <Checkbox {...props} field={field} />;
  return <TextInput {...props} field={field} />;
}
