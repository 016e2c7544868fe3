import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { EngineDefinition } from '../engines/engine-definition';
import type { OperatorStore } from '../operator-state';
import { checkedCuration, checkedSettings, checkedSynonymSet, type PreviewSearch, type RelevanceDraft } from '../relevance';
import { requireKey, rootKeyRing } from '../credentials/require-key';
import type { KeyRing } from '../credentials/types';
import { sameSiteOnly } from '../search-proxy/cors';
import { redact } from '../search-proxy/redact';
import { BackendError, BackendUnavailableError } from '../search/types';
import { ApiError, backendFailure, badRequest, refuse } from '../write-api/api-error';
import { MESSAGES, methodNotAllowed } from '../write-api/app-search-rules';
import { readJsonBody } from '../write-api/json-body';
import { testsFromCsv, testsToCsv } from './csv';
import { engineFirstPage } from './engine-search';
import { compareRuns, isWorse, runTests, type RelevanceRun, type RunSource } from './run';
import { RelevanceTestStore, TestListError } from './store';
import { checkedTest, sameQuery, type RelevanceTest } from './test-cases';

/** The service's own API, beside App Search's: App Search has no relevance tests. */
export const CIVIC_API_PREFIX = '/api/civic/v1';
/** A CSV of 500 tests with ten long URLs each fits. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface RelevanceTestsApiOptions {
  store: OperatorStore;
  engines: { get(name: string): EngineDefinition | undefined };
  /** Searches with the saved rules or a draft, recording nothing. */
  preview: PreviewSearch;
  /** The service's own key (kept out of logs). */
  privateKey: string;
  /** Keys that may call: reading (list, export, run) needs a private key that reads the engine; changing, one that writes. */
  keys?: KeyRing;
  /** The clock (tests move it). */
  now?: () => Date;
}

interface Scope {
  tests: RelevanceTestStore;
  engine: EngineDefinition;
  preview: PreviewSearch;
  now: () => Date;
}
type Handler = (c: Context, scope: Scope) => Promise<Response>;

const notFound = () => new ApiError(404, ['Relevance test not found']);
function checked<T>({ problems, value }: { problems: string[]; value?: T }): T {
  if (problems.length > 0) throw badRequest(...problems);
  return value!;
}
/** A refusal of the test list (a query tested twice, too many tests) is the caller's to fix: 400. */
async function listChange<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof TestListError) throw badRequest(error.message);
    throw error;
  }
}

const list: Handler = async (c, { tests, engine }) => {
  const results = await tests.list(engine.name);
  return c.json({ meta: { total: results.length }, results });
};
const create: Handler = async (c, { tests, engine }) =>
  c.json(await listChange(tests.create(engine.name, checked(checkedTest(await readJsonBody(c))))));
const getOne: Handler = async (c, { tests, engine }) => {
  const test = await tests.get(engine.name, c.req.param('id')!);
  if (!test) throw notFound();
  return c.json(test);
};
const update: Handler = async (c, { tests, engine }) => {
  const id = c.req.param('id')!;
  if (!(await tests.get(engine.name, id))) throw notFound();
  const test = checked(checkedTest(await readJsonBody(c)));
  await listChange(tests.update(engine.name, id, test));
  return c.json({ id, ...test });
};
const remove: Handler = async (c, { tests, engine }) => {
  if (!(await tests.delete(engine.name, c.req.param('id')!))) throw notFound();
  return c.json({ deleted: true });
};

const exportCsv: Handler = async (c, { tests, engine }) =>
  c.body(testsToCsv(await tests.list(engine.name)), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${engine.name.replace(/[^\w.-]/g, '_')}-relevance-tests.csv"`,
  });

/**
 * `POST import?mode=merge|replace`: a list of tests, as CSV (text/csv: query,document,grade) or JSON
 * (`{"tests": [{"query", "expected"}]}`). Merge (the default) adds and updates tests; replace makes the list this one.
 * A list with any problem is refused whole, each problem named.
 */
const importTests: Handler = async (c, { tests, engine }) => {
  const mode = c.req.query('mode') ?? 'merge';
  if (mode !== 'merge' && mode !== 'replace')
    throw badRequest('mode must be merge (add and update tests) or replace (the list becomes the one sent)');
  const type = (c.req.header('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  let read: RelevanceTest[];
  if (type === 'text/csv' || type === 'text/plain') {
    const parsed = testsFromCsv(await c.req.text());
    if (parsed.problems.length > 0) throw badRequest(...parsed.problems);
    read = parsed.tests;
  } else if (type === 'application/json') {
    const body = await readJsonBody(c);
    const list = isObject(body) ? body.tests : undefined;
    if (!Array.isArray(list) || list.length === 0)
      throw badRequest('The request body must be like {"tests": [{"query": "pay rates", "expected": ["page-id"]}]}.');
    const problems: string[] = [];
    read = [];
    for (const [index, entry] of list.entries()) {
      const { problems: found, value } = checkedTest(entry);
      problems.push(...found.map((problem) => `tests[${index}]: ${problem}`));
      if (value && read.some((held) => sameQuery(held.query, value.query)))
        problems.push(`tests[${index}]: the query "${value.query}" is in the list twice`);
      else if (value) read.push(value);
    }
    if (problems.length > 0) throw badRequest(...problems);
  } else throw new ApiError(415, ['Send the tests as text/csv (query,document,grade) or as application/json ({"tests": [...]}).']);
  const counts = await listChange(tests.import(engine.name, read, mode));
  return c.json({ ...counts, total: (await tests.list(engine.name)).length });
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A draft as the run takes it: `settings` (as search_settings takes them), `synonyms` and `curations` (each a list as their APIs take one). */
function checkedDraft(value: unknown, engine: EngineDefinition): RelevanceDraft {
  if (!isObject(value)) throw badRequest('draft must be like {"settings": {...}, "synonyms": [...], "curations": [...]}');
  const problems = Object.keys(value)
    .filter((key) => !['settings', 'synonyms', 'curations'].includes(key))
    .map((key) => `draft.${key} is not a part of a draft (use settings, synonyms and curations)`);
  const draft: RelevanceDraft = {};
  if (value.settings !== undefined) {
    const settings = checkedSettings(value.settings, engine);
    problems.push(...settings.problems.map((problem) => `draft.settings: ${problem}`));
    if (settings.value) draft.settings = settings.value;
  }
  for (const [part, check] of [
    ['synonyms', checkedSynonymSet],
    ['curations', checkedCuration],
  ] as const) {
    const given = value[part];
    if (given === undefined) continue;
    if (!Array.isArray(given)) {
      problems.push(`draft.${part} must be a list`);
      continue;
    }
    const values = given.map((entry, index) => {
      const result = check(entry);
      problems.push(...result.problems.map((problem) => `draft.${part}[${index}]: ${problem}`));
      return result.value;
    });
    if (values.every((entry) => entry !== undefined)) Object.assign(draft, { [part]: values });
  }
  if (problems.length > 0) throw badRequest(...problems);
  return draft;
}

const SOURCES: readonly RunSource[] = ['console', 'cli', 'api'];

/**
 * `POST run`: runs the engine's tests. Without a draft, with the saved settings: the run is compared with the last
 * one kept and then kept in the history (`"record": false`: not kept; `"unless-worse"`: kept only when it is not
 * worse, so a drop never becomes the next run's baseline). With a draft, the tests run twice, with the saved
 * rules and with the draft, and the answer compares the two; nothing is kept.
 */
const run: Handler = async (c, { tests, engine, preview, now }) => {
  const body = (await readJsonBody(c)) ?? {};
  if (!isObject(body)) throw badRequest('The request body must be like {"draft": {"settings": {...}}} or empty.');
  const unknown = Object.keys(body).filter((key) => !['draft', 'record', 'source'].includes(key));
  if (unknown.length > 0) throw badRequest(...unknown.map((key) => `${key} is not an option of a run (use draft, record and source)`));
  const source = body.source ?? 'api';
  if (!SOURCES.includes(source as RunSource)) throw badRequest(`source must be one of ${SOURCES.join(', ')}`);
  if (body.record !== undefined && typeof body.record !== 'boolean' && body.record !== 'unless-worse') {
    throw badRequest('record must be true, false or "unless-worse" (kept only when not worse than the last run kept)');
  }
  const draft = body.draft === undefined ? undefined : checkedDraft(body.draft, engine);
  const list = await tests.list(engine.name);
  if (list.length === 0) throw badRequest('The engine has no relevance tests yet: add a query and the documents it should find first.');
  const at = now();
  const saved = await runTests(list, engineFirstPage(preview, engine), { at, source: source as RunSource, against: 'saved' });
  if (draft) {
    const drafted = await runTests(list, engineFirstPage(preview, engine, draft), { at, source: source as RunSource, against: 'draft' });
    return c.json({ run: drafted, saved, comparison: compareRuns(saved, drafted) });
  }
  const previous = await tests.lastRun(engine.name);
  const comparison = previous && compareRuns(previous, saved);
  const record = body.record === 'unless-worse' ? !comparison || !isWorse(comparison) : body.record !== false;
  if (record) await tests.record(engine.name, saved);
  return c.json({ run: saved, recorded: record, ...(previous && { previous: summary(previous), comparison }) });
};

/** A run without its tests' outcomes: what a history lists. */
export type RunSummary = Omit<RelevanceRun, 'tests'> & { count: number };
const summary = ({ tests: outcomes, ...rest }: RelevanceRun): RunSummary => ({ ...rest, count: outcomes.length });

/** `GET runs`: the history, newest first; `details=true` gives each test's outcome too, `limit` the newest few. */
const runs: Handler = async (c, { tests, engine }) => {
  const limitText = c.req.query('limit');
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) throw badRequest('limit must be a whole number from 1');
  const history = (await tests.runs(engine.name)).slice(0, limit);
  return c.json({ results: c.req.query('details') === 'true' ? history : history.map(summary) });
};

const ROUTES: ReadonlyArray<{ path: string; methods: Readonly<Record<string, Handler>> }> = [
  { path: '', methods: { GET: list, POST: create } },
  { path: '/export', methods: { GET: exportCsv } },
  { path: '/import', methods: { POST: importTests } },
  { path: '/run', methods: { POST: run } },
  { path: '/runs', methods: { GET: runs } },
  { path: '/:id', methods: { GET: getOne, PUT: update, DELETE: remove } },
];
/** Running reads the tests and the engine; it changes no rule, so a key that reads may run them. */
const READS = new Set<Handler>([list, exportCsv, run, runs, getOne]);

const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};
/** Another site's page can never change the tests (as the write API). */
const fromThisSiteOnly = sameSiteOnly((c) => refuse(c, new ApiError(403, [MESSAGES.otherSites])));
const sizeLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => refuse(c, new ApiError(413, [`The request body is larger than ${MAX_BODY_BYTES} bytes.`])),
});

/**
 * An engine's relevance tests at `/api/civic/v1/engines/{engine}/relevance_tests`: the list (JSON, or CSV through
 * export and import), runs with the saved settings or a draft, and the history of runs. See README.md.
 */
export function relevanceTestsApi(options: RelevanceTestsApiOptions): Hono {
  const { engines, preview, privateKey, now = () => new Date() } = options;
  const tests = new RelevanceTestStore(options.store);
  const keys = options.keys ?? rootKeyRing(privateKey);
  const app = new Hono();
  for (const { path, methods } of ROUTES) {
    const full = `${CIVIC_API_PREFIX}/engines/:engine/relevance_tests${path}`;
    const allowed = Object.keys(methods);
    for (const [method, handler] of Object.entries(methods)) {
      const access = READS.has(handler) ? 'read' : 'write';
      app.on(method, full, noStore, fromThisSiteOnly, requireKey({ keys, access, engineParam: 'engine' }), sizeLimit, async (c) => {
        try {
          const engine = engines.get(c.req.param('engine')!);
          if (!engine) throw new ApiError(404, [MESSAGES.unknownEngine]);
          return await handler(c, { tests, engine, preview, now });
        } catch (error) {
          if (error instanceof ApiError) return refuse(c, error);
          throw error;
        }
      });
    }
    app.all(full, noStore, fromThisSiteOnly, (c) =>
      refuse(c, new ApiError(405, [methodNotAllowed(c.req.method, allowed)], { Allow: allowed.join(', ') })),
    );
  }
  app.onError((error, c) => {
    if (error instanceof BackendError)
      return refuse(c, backendFailure(error.message, error instanceof BackendUnavailableError ? 503 : 502));
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`relevance tests API: ${c.req.method} ${c.req.path} failed: ${redact(detail, [privateKey])}`);
    return c.json({ errors: [MESSAGES.unexpected] }, 500, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  });
  return app;
}
