/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import type { FormDef } from './form-types';

/** After a report is accepted: the reference and what happens next (GOV.UK confirmation page). */
export function ConfirmationPage({ form, reference }: { form: FormDef; reference: string }) {
  const path = `/forms/${form.slug}/confirmation`;
  return (
    <Layout title="Report sent" path={path} elements={['multi-step-form']} noindex>
      {/* The send arrived: the element removes the visitor's draft of the form from the tab. */}
      <multi-step-form draft-sent={`/forms/${form.slug}`}>
        <div class="callout">
          <h1>Report sent</h1>
          <p>
            Your reference number is <strong>{reference}</strong>
          </p>
        </div>
      </multi-step-form>
      {/* Nothing here sends email: the page promises no email, and tells the visitor to keep the reference. */}
      <p>Write down or save this reference number, and quote it if you contact us about this report.</p>
      <h2>What happens next</h2>
      <p>
        We look at every report within 2 working days. Dangerous problems, such as a deep pothole on a busy road, are made safe within 4
        hours.
      </p>
      <p>
        <a href={`/forms/${form.slug}`}>Report another problem</a>
      </p>
    </Layout>
  );
}

/** A confirmation address with no report behind it. */
export function ReferenceNotFoundPage({ form }: { form: FormDef }) {
  return (
    <Layout title="Report not found" path={`/forms/${form.slug}/confirmation`} noindex>
      <h1>Report not found</h1>
      <p>
        We could not find a report with that reference. Check the reference number on the page you saw after sending your report, or report
        the problem again.
      </p>
      <p>
        <a href={`/forms/${form.slug}`}>Report a problem</a>
      </p>
    </Layout>
  );
}
