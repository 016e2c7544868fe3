/** @jsxImportSource hono/jsx */
import type { ApiResult } from 'civic-elements/core';
import type { RelevanceDraft, SearchSettings } from '../../relevance';
import { CIVIC_API_PREFIX, type Comparison, type StoredTest } from '../../relevance-tests';
import type { ConsoleContext, ConsoleScreen, ConsoleServices } from '../console-env';
import { engineAccess } from '../engine-access';
import { MessagePage } from '../pages';
import { reportRange } from '../report-range';
import { callApi } from '../service-api';
import { enginePath } from './engine-nav';
import type { Problem } from './form-parts';
import { formFromBody, formFromSettings, previewQueries, PREVIEW_QUERIES_MAX, settingsFromForm, type TuningForm } from './tuning-form';
import { TuningPage, type PreviewItem, type QueryPreview, type TuningPageProps } from './tuning-pages';

const engineApi = (engine: string, rest: string) => `/api/as/v1/engines/${encodeURIComponent(engine)}${rest}`;
const testsApi = (engine: string, rest = '') => `${CIVIC_API_PREFIX}/engines/${encodeURIComponent(engine)}/relevance_tests${rest}`;

/** How a result is named in the preview: its title, else its URL, else its id. */
function itemOf(result: ApiResult): PreviewItem {
  const raw = (field: string) => {
    const value = (result[field] as { raw?: unknown } | undefined)?.raw;
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  return { id: result._meta.id, title: raw('title') ?? raw('url') ?? result._meta.id };
}

type EngineState =
  | { problem: string; settings?: undefined }
  | { problem?: undefined; settings: SearchSettings; fieldTypes: Record<string, string>; textFields: string[] };

/** What the page needs of the engine, read through the API as the signed-in key. */
async function engineState(services: ConsoleServices, c: ConsoleContext, engine: string): Promise<EngineState> {
  const api = services.api!;
  const [settings, schema] = await Promise.all([
    callApi<SearchSettings>(api, c, 'GET', engineApi(engine, '/search_settings')),
    callApi<Record<string, string>>(api, c, 'GET', engineApi(engine, '/schema')),
  ]);
  if (settings.status !== 200 || schema.status !== 200) return { problem: [...settings.errors, ...schema.errors].join(' ') };
  const textFields = Object.entries(schema.body)
    .filter(([, type]) => type === 'text')
    .map(([field]) => field);
  return { settings: settings.body, fieldTypes: schema.body, textFields };
}

/** The queries a manager first sees previewed: the engine's top queries of the last 30 days, else its test queries. */
async function defaultQueries(services: ConsoleServices, c: ConsoleContext, engine: string): Promise<string[]> {
  if (services.analytics) {
    const { range } = reportRange(undefined, undefined, services.now());
    const top = await services.analytics.topQueries({ engine, range, limit: PREVIEW_QUERIES_MAX + 1 });
    const queries = top.map((row) => row.term).filter((term) => term.trim() !== '');
    if (queries.length > 0) return queries.slice(0, PREVIEW_QUERIES_MAX);
  }
  const tests = await callApi<{ results: StoredTest[] }>(services.api!, c, 'GET', testsApi(engine));
  return (tests.body?.results ?? []).slice(0, PREVIEW_QUERIES_MAX).map((test) => test.query);
}

/** Each query's first page now and with the draft, through the preview: nothing is recorded. */
async function previewsOf(
  services: ConsoleServices,
  engine: string,
  queries: readonly string[],
  draft: RelevanceDraft,
): Promise<QueryPreview[]> {
  const preview = services.preview!;
  return Promise.all(
    queries.map(async (query) => {
      const request = { query, page: { size: 10 } };
      try {
        const [now, drafted] = await Promise.all([preview(engine, request, {}), preview(engine, request, draft)]);
        return { query, now: now.results.map(itemOf), draft: drafted.results.map(itemOf) };
      } catch (error) {
        return { query, now: [], draft: [], problem: `This query could not be previewed: ${(error as Error).message}` };
      }
    }),
  );
}

/** An error of the search settings API, linked to the weight it is about when it names one. */
function problemOf(text: string): Problem {
  const field = /^search_fields\.([^.\s]+)/.exec(text)?.[1];
  return field ? { field: `weight-${field}`, text } : { text };
}

/**
 * The relevance tests run with the saved settings and with the draft, through the tests API. Undefined with no
 * tests; the API's problems with the draft (a weight out of range, a boost that cannot be) come back as problems.
 */
async function testsWithDraft(services: ConsoleServices, c: ConsoleContext, engine: string, settings: SearchSettings) {
  const answer = await callApi<{ comparison: Comparison }>(services.api!, c, 'POST', testsApi(engine, '/run'), {
    draft: { settings },
    source: 'console',
  });
  if (answer.status === 200) return { verdict: answer.body.comparison, problems: [] };
  const aboutDraft = answer.errors.some((message) => message.startsWith('draft.'));
  if (!aboutDraft) {
    // No tests to run is no problem here: the draft is then checked when it is saved.
    const tests = await callApi<{ results: StoredTest[] }>(services.api!, c, 'GET', testsApi(engine));
    if (tests.status === 200 && tests.body.results.length === 0) return { problems: [] };
  }
  return { problems: answer.errors.map((message) => problemOf(message.replace(/^draft\.settings: /, ''))) };
}

/**
 * Relevance tuning: field weights and boosts as a form, previewed side by side and checked against the relevance
 * tests before anything is saved; saving goes through the search settings API.
 */
export const tuningScreen: ConsoleScreen = (app, services, { signedIn, csrfChecked }) => {
  if (!services.api || !services.preview) return;
  const path = '/console/engines/:engine/tuning';

  app.get(path, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const state = await engineState(services, c, engine);
    const { csrfToken } = c.get('session');
    if (!state.settings) return c.html(<MessagePage title="Relevance tuning" message={state.problem} csrfToken={csrfToken} />, 502);
    const form = formFromSettings(state.settings, state.textFields, await defaultQueries(services, c, engine));
    const previews = await previewsOf(services, engine, previewQueries(form), {});
    const notice = c.req.query('saved') !== undefined ? 'The settings are saved: searches use them now.' : undefined;
    return c.html(
      <TuningPage engine={engine} csrfToken={csrfToken} form={form} fieldTypes={state.fieldTypes} previews={previews} notice={notice} />,
    );
  });

  app.post(path, signedIn, csrfChecked, async (c) => {
    const body = await c.req.parseBody();
    const action = body.action === 'save' || body.action === 'save-anyway' ? body.action : 'preview';
    const { engine, refused } = engineAccess(c, services, action === 'preview' ? 'read' : 'write');
    if (refused) return refused;
    const state = await engineState(services, c, engine);
    const { csrfToken } = c.get('session');
    if (!state.settings) return c.html(<MessagePage title="Relevance tuning" message={state.problem} csrfToken={csrfToken} />, 502);
    const form: TuningForm = formFromBody(body, state.textFields);
    const draft = settingsFromForm(form, state.settings, state.fieldTypes);
    const page = (props: Partial<TuningPageProps>, status: 200 | 400 = 200) =>
      c.html(
        <TuningPage engine={engine} csrfToken={csrfToken} form={form} fieldTypes={state.fieldTypes} previews={[]} {...props} />,
        status,
      );

    const tested = await testsWithDraft(services, c, engine, draft);
    if (tested.problems.length > 0) return page({ problems: tested.problems }, 400);
    const worse = (tested.verdict?.worse.length ?? 0) > 0;
    if (action === 'save-anyway' || (action === 'save' && !worse)) {
      const saved = await callApi(services.api!, c, 'PUT', engineApi(engine, '/search_settings'), draft);
      if (saved.status === 200) return c.redirect(`${enginePath(engine, '/tuning')}?saved`, 303);
      const problems: Problem[] = saved.errors.map(problemOf);
      return page({ problems, verdict: tested.verdict }, 400);
    }
    const previews = await previewsOf(services, engine, previewQueries(form), { settings: draft });
    return page({ previews, verdict: tested.verdict, confirmSave: action === 'save' && worse });
  });
};
