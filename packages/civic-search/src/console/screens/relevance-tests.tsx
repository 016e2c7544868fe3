/** @jsxImportSource hono/jsx */
import {
  CIVIC_API_PREFIX,
  compareRuns,
  parseExpectedLines,
  testsFromCsv,
  testsToCsv,
  type RelevanceRun,
  type RunSummary,
  type StoredTest,
} from '../../relevance-tests';
import type { ConsoleContext, ConsoleScreen } from '../console-env';
import { engineAccess } from '../engine-access';
import { MessagePage } from '../pages';
import { callApi } from '../service-api';
import type { Problem } from './form-parts';
import {
  DeleteTestPage,
  EditTestPage,
  RelevanceTestsPage,
  testsPath,
  type RelevanceTestsPageProps,
  type TestForm,
} from './relevance-tests-pages';

const apiPath = (engine: string, rest = '') => `${CIVIC_API_PREFIX}/engines/${encodeURIComponent(engine)}/relevance_tests${rest}`;

/** What the outcome of a change says on the page it redirects to (Post/Redirect/Get). */
const NOTICES: Record<string, string> = {
  added: 'The test is added.',
  saved: 'The test is saved.',
  deleted: 'The test is deleted.',
  imported: 'The tests are imported.',
  ran: 'The tests have run. Their scores are below.',
};

/** An API error text as the form shows it: the field it is about, when its text names one. */
const problemsFrom = (errors: readonly string[], fallback: Problem['field']): Problem[] =>
  errors.map((text) => ({ field: /^query/.test(text) ? 'query' : /^expected|grade/.test(text) ? 'expected' : fallback, text }));

/** The form's fields as text (a field missing from a forged form is empty, never a crash). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The test a form describes, for the API; with the problems of the expected pages box named by line. */
function testFromForm(form: TestForm): { body?: object; problems: Problem[] } {
  const { problems, expected } = parseExpectedLines(form.expected);
  if (problems.length > 0) return { problems: problems.map((text) => ({ field: 'expected', text })) };
  if (expected.length === 0) return { problems: [{ field: 'expected', text: 'Enter at least one page that should come first' }] };
  return { body: { query: form.query, expected }, problems: [] };
}

/** An engine's relevance tests: list, add, edit, delete, import and export them, run them, see the runs so far. */
export const relevanceTestsScreen: ConsoleScreen = (app, services, { signedIn, csrfChecked }) => {
  const api = services.api;
  if (!api) return;
  const base = '/console/engines/:engine/relevance-tests';

  /** The page with everything it lists, read through the API as the signed-in key. */
  async function page(c: ConsoleContext, engine: string, extra: Partial<RelevanceTestsPageProps> = {}, status: 200 | 400 = 200) {
    const ran = c.req.query('done') === 'ran';
    const [tests, history, newest] = await Promise.all([
      callApi<{ results: StoredTest[] }>(api!, c, 'GET', apiPath(engine)),
      callApi<{ results: RunSummary[] }>(api!, c, 'GET', apiPath(engine, '/runs')),
      // After a run: the newest two with every test's outcome, to show the run and what it changed.
      ran ? callApi<{ results: RelevanceRun[] }>(api!, c, 'GET', `${apiPath(engine, '/runs')}?details=true&limit=2`) : undefined,
    ]);
    if (tests.status !== 200)
      return c.html(<MessagePage title="Relevance tests" message={tests.errors.join(' ')} csrfToken={c.get('session').csrfToken} />, 502);
    const [run, before] = newest?.body?.results ?? [];
    const latest: RelevanceTestsPageProps['latest'] = run && { run, ...(before && { comparison: compareRuns(before, run) }) };
    const notice = NOTICES[c.req.query('done') ?? ''];
    return c.html(
      <RelevanceTestsPage
        engine={engine}
        csrfToken={c.get('session').csrfToken}
        tests={tests.body.results}
        history={history.body?.results ?? []}
        latest={latest}
        notice={notice}
        {...extra}
      />,
      status,
    );
  }

  app.get(base, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    return page(c, engine);
  });

  app.post(base, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const body = await c.req.parseBody();
    const form = { query: text(body.query), expected: text(body.expected) };
    const test = testFromForm(form);
    const answer = test.body && (await callApi(api, c, 'POST', apiPath(engine), test.body));
    if (answer?.status === 200) return c.redirect(`${testsPath(engine)}?done=added`, 303);
    return page(c, engine, { add: { form, problems: answer ? problemsFrom(answer.errors, 'query') : test.problems } }, 400);
  });

  app.get(`${base}/export.csv`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const answer = await callApi<{ results: StoredTest[] }>(api, c, 'GET', apiPath(engine));
    if (answer.status !== 200)
      return c.html(<MessagePage title="Relevance tests" message={answer.errors.join(' ')} csrfToken={c.get('session').csrfToken} />, 502);
    return c.body(testsToCsv(answer.body.results), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${engine.replace(/[^\w.-]/g, '_')}-relevance-tests.csv"`,
    });
  });

  app.post(`${base}/import`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const body = await c.req.parseBody();
    const file = body.file;
    const mode = body.mode === 'replace' ? 'replace' : 'merge';
    if (!(file instanceof File) || file.size === 0)
      return page(c, engine, { importProblems: [{ field: 'file', text: 'Choose a CSV file to import' }] }, 400);
    // Read here for row-numbered problems; the API checks every test again and takes the list whole or not at all.
    const { problems, tests } = testsFromCsv(await file.text());
    if (problems.length > 0) return page(c, engine, { importProblems: problems.map((text) => ({ field: 'file', text })) }, 400);
    const answer = await callApi(api, c, 'POST', `${apiPath(engine, '/import')}?mode=${mode}`, { tests });
    if (answer.status !== 200)
      return page(c, engine, { importProblems: answer.errors.map((text) => ({ field: 'file', text })) }, 400);
    return c.redirect(`${testsPath(engine)}?done=imported`, 303);
  });

  app.post(`${base}/run`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const answer = await callApi(api, c, 'POST', apiPath(engine, '/run'), { source: 'console' });
    if (answer.status !== 200) return page(c, engine, { runProblems: answer.errors.map((text) => ({ field: 'run', text })) }, 400);
    return c.redirect(`${testsPath(engine)}?done=ran`, 303);
  });

  /** The test a path names, read as the signed-in key; or the page that says it is not there. */
  async function testOf(
    c: ConsoleContext,
    engine: string,
  ): Promise<{ test: StoredTest; refused?: undefined } | { test?: undefined; refused: Response | Promise<Response> }> {
    const answer = await callApi<StoredTest>(api!, c, 'GET', apiPath(engine, `/${encodeURIComponent(c.req.param('id') ?? '')}`));
    if (answer.status === 200) return { test: answer.body };
    const title = answer.status === 404 ? 'Test not found' : 'Relevance tests';
    const message = answer.status === 404 ? 'There is no such relevance test: it may have been deleted.' : answer.errors.join(' ');
    return {
      refused: c.html(
        <MessagePage title={title} message={message} csrfToken={c.get('session').csrfToken} />,
        answer.status === 404 ? 404 : 502,
      ),
    };
  }

  app.get(`${base}/:id/edit`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const found = await testOf(c, engine);
    if (found.refused) return found.refused;
    return c.html(<EditTestPage engine={engine} csrfToken={c.get('session').csrfToken} test={found.test} />);
  });

  app.post(`${base}/:id`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const found = await testOf(c, engine);
    if (found.refused) return found.refused;
    const body = await c.req.parseBody();
    const form = { query: text(body.query), expected: text(body.expected) };
    const test = testFromForm(form);
    const answer = test.body && (await callApi(api, c, 'PUT', apiPath(engine, `/${encodeURIComponent(found.test.id)}`), test.body));
    if (answer?.status === 200) return c.redirect(`${testsPath(engine)}?done=saved`, 303);
    const problems = answer ? problemsFrom(answer.errors, 'query') : test.problems;
    return c.html(
      <EditTestPage engine={engine} csrfToken={c.get('session').csrfToken} test={found.test} form={form} problems={problems} />,
      400,
    );
  });

  app.get(`${base}/:id/delete`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const found = await testOf(c, engine);
    if (found.refused) return found.refused;
    return c.html(<DeleteTestPage engine={engine} csrfToken={c.get('session').csrfToken} test={found.test} />);
  });

  app.post(`${base}/:id/delete`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const answer = await callApi(api, c, 'DELETE', apiPath(engine, `/${encodeURIComponent(c.req.param('id') ?? '')}`));
    if (answer.status === 404)
      return c.html(
        <MessagePage
          title="Test not found"
          message="There is no such relevance test: it may have been deleted already."
          csrfToken={c.get('session').csrfToken}
        />,
        404,
      );
    if (answer.status !== 200)
      return c.html(<MessagePage title="Relevance tests" message={answer.errors.join(' ')} csrfToken={c.get('session').csrfToken} />, 502);
    return c.redirect(`${testsPath(engine)}?done=deleted`, 303);
  });
};
