/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import type { FormDef } from './form-types';
import { Field, controlId } from './FormFields';
import type { FieldError, FormValues } from './validate-form';

interface FormPageProps {
  form: FormDef;
  values?: FormValues;
  errors?: readonly FieldError[];
}

/**
 * A multi-step form page. Without JavaScript it is one long form (every step, the submit button at the end)
 * and the server validates it; `<multi-step-form>` shows it a step at a time. Sent back with errors, the
 * values are kept and the errors shown GOV.UK style: a summary (focused by the element) and a message per field.
 */
export function FormPage({ form, values = new Map(), errors = [] }: FormPageProps) {
  const path = `/forms/${form.slug}`;
  const errorFor = (name: string) => errors.find((error) => error.field === name)?.message;
  return (
    <Layout
      title={errors.length > 0 ? `Error: ${form.title}` : form.title}
      path={path}
      elements={['multi-step-form']}
      description={form.summary}
    >
      <Breadcrumbs
        trail={[
          { title: 'Roads and transport', href: '/services/roads-and-transport' },
          { title: 'Forms and tools', href: '/forms' },
        ]}
      />
      <h1>{form.title}</h1>
      <p class="lead">{form.intro}</p>
      <multi-step-form>
        {errors.length > 0 && (
          <div class="multi-step-form__summary" data-error-summary>
            <div role="alert">
              <h2 class="multi-step-form__summary-title">There is a problem</h2>
              <ul class="multi-step-form__summary-list">
                {errors.map((error) => (
                  <li>
                    <a href={`#${controlId(error.field)}`}>{error.message}</a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        <form action={path} method="post" novalidate>
          {form.steps.map((step) => (
            <fieldset class="multi-step-form__step" id={step.id} data-step data-show-if={step.showIf}>
              <legend>{step.title}</legend>
              {step.intro && <p class="multi-step-form__hint">{step.intro}</p>}
              {step.fields.map((field) => (
                <Field field={field} values={values} error={errorFor(field.name)} />
              ))}
            </fieldset>
          ))}
          <div class="multi-step-form__submit">
            <button class="button" type="submit">
              {form.submitLabel}
            </button>
          </div>
        </form>
      </multi-step-form>
    </Layout>
  );
}
