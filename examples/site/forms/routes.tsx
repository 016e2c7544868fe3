/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { decisionTrees } from '../decision-trees/trees';
import { ConfirmationPage, ReferenceNotFoundPage } from './ConfirmationPage';
import { FormPage } from './FormPage';
import { FormsIndexPage, type ListedForm } from './FormsIndexPage';
import { renderPage } from '../render-page';
import { readForm } from '../form-requests';
import { reportAProblem } from './report-a-problem';
import { reportStoreInDataFolder, type ReportStore } from './report-store';
import { postRateLimit, type PostRateLimitOptions } from '../server/post-rate-limit';
import { sameOriginPosts } from '../server/same-origin-posts';
import { checkStreet } from './streets';
import { formValues, validateForm } from './validate-form';

/** A report is a few short answers and a description of up to 1000 characters. */
const REPORT_MAX_BODY_BYTES = 16 * 1024;

/** A person sends a report or two, perhaps after correcting a few mistakes; a script in a loop is stopped. */
export const REPORT_RATE_LIMIT: PostRateLimitOptions = { windowMs: 60_000, limit: 20 };

/** The store the routes use unless given another: the site's data folder, opened once. */
let defaultStore: ReportStore | undefined;
const dataFolderStore = () => (defaultStore ??= reportStoreInDataFolder());

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
 *   errors: 422, the form with the values kept and the errors shown; accepted (on disk): 303 to the confirmation;
 *   not saved: 503. Posts from other sites are refused (403); one client may send only so many a minute (429);
 * - GET  /forms/report-a-problem/confirmation?ref=: the reference of an accepted report.
 */
export function formRoutes(options: { store?: ReportStore; rateLimit?: PostRateLimitOptions } = {}): Hono {
  const store = options.store ?? dataFolderStore();
  const app = new Hono();
  const path = `/forms/${reportAProblem.slug}`;

  app.get('/forms', (c) => renderPage(c, <FormsIndexPage forms={listedForms} query={(c.req.query('q') ?? '').slice(0, 100)} />));

  app.get(path, (c) => renderPage(c, <FormPage form={reportAProblem} />));

  app.post(
    path,
    sameOriginPosts(),
    postRateLimit(options.rateLimit ?? REPORT_RATE_LIMIT),
    bodyLimit({ maxSize: REPORT_MAX_BODY_BYTES, onError: (c) => c.text('The report sent was too large.', 413) }),
    async (c) => {
      const values = formValues(await readForm(c));
      const { errors, accepted } = validateForm(reportAProblem, values, checkStreet);
      if (errors.length > 0) return renderPage(c, <FormPage form={reportAProblem} values={values} errors={errors} />, 422);
      let report;
      try {
        report = await store.add(accepted);
      } catch (error) {
        console.error(`reports: could not save a report: ${(error as Error).message}`);
        return c.text('Sorry, we could not save your report just now. Nothing was sent. Please try again in a few minutes.', 503);
      }
      return c.redirect(`${path}/confirmation?ref=${encodeURIComponent(report.reference)}`, 303);
    },
  );

  app.get(`${path}/confirmation`, async (c) => {
    const report = await store.find(c.req.query('ref') ?? '');
    if (!report) return renderPage(c, <ReferenceNotFoundPage form={reportAProblem} />, 404);
    return renderPage(c, <ConfirmationPage form={reportAProblem} reference={report.reference} />);
  });

  return app;
}
