/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { decisionTrees } from '../decision-trees/trees';
import { ConfirmationPage, ReferenceNotFoundPage } from './ConfirmationPage';
import { FormPage } from './FormPage';
import { FormsIndexPage, type ListedForm } from './FormsIndexPage';
import { renderPage } from '../render-page';
import { readForm } from '../form-requests';
import { reportAProblem } from './report-a-problem';
import { createReportStore, type ReportStore } from './report-store';
import { checkStreet } from './streets';
import { formValues, validateForm } from './validate-form';

/** A report is a few short answers and a description of up to 1000 characters. */
const REPORT_MAX_BODY_BYTES = 16 * 1024;

const defaultStore = createReportStore();

const listedForms: ListedForm[] = [
  { title: reportAProblem.title, href: `/forms/${reportAProblem.slug}`, summary: reportAProblem.summary },
  ...decisionTrees.map((tree) => ({ title: tree.title, href: `/decision-trees/${tree.slug}`, summary: tree.summary })),
  {
    title: 'Apply for a building consent',
    href: '/guidance/building-consent',
    summary: 'When you need a building consent, what it costs and what to send.',
  },
  {
    title: 'Pay your rates',
    href: '/services/rates-and-property/pay-your-rates',
    summary: 'Ways to pay, due dates and what happens if you pay late.',
  },
  { title: 'Contact us', href: '/contact', summary: 'Ask a question by phone, email or at the service centre.' },
];

/**
 * The example site's forms (`<multi-step-form>`, `<filter-input>`):
 * - GET  /forms?q=: forms and tools, filtered without JavaScript by the query;
 * - GET  /forms/report-a-problem: the form;
 * - POST /forms/report-a-problem: validated again on the server (the same rules, plus the street check);
 *   errors: 422, the form with the values kept and the errors shown; accepted: 303 to the confirmation;
 * - GET  /forms/report-a-problem/confirmation?ref=: the reference of an accepted report.
 */
export function formRoutes(options: { store?: ReportStore } = {}): Hono {
  const store = options.store ?? defaultStore;
  const app = new Hono();
  const path = `/forms/${reportAProblem.slug}`;

  app.get('/forms', (c) => renderPage(c, <FormsIndexPage forms={listedForms} query={(c.req.query('q') ?? '').slice(0, 100)} />));

  app.get(path, (c) => renderPage(c, <FormPage form={reportAProblem} />));

  app.post(
    path,
    csrf(),
    bodyLimit({ maxSize: REPORT_MAX_BODY_BYTES, onError: (c) => c.text('The report sent was too large.', 413) }),
    async (c) => {
      const values = formValues(await readForm(c));
      const { errors, accepted } = validateForm(reportAProblem, values, checkStreet);
      if (errors.length > 0) return renderPage(c, <FormPage form={reportAProblem} values={values} errors={errors} />, 422);
      const report = store.add(accepted);
      return c.redirect(`${path}/confirmation?ref=${encodeURIComponent(report.reference)}`, 303);
    },
  );

  app.get(`${path}/confirmation`, (c) => {
    const report = store.find(c.req.query('ref') ?? '');
    if (!report) return renderPage(c, <ReferenceNotFoundPage form={reportAProblem} />, 404);
    return renderPage(c, <ConfirmationPage form={reportAProblem} reference={report.reference} />);
  });

  return app;
}
