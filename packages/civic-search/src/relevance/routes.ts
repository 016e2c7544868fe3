import { randomBytes } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PROXY_PATH } from 'civic-elements/core';
import type { EngineDefinition } from '../engines/engine-definition';
import type { OperatorCollection, OperatorStore } from '../operator-state';
import { sameSiteOnly } from '../search-proxy/cors';
import { redact } from '../search-proxy/redact';
import { API_PREFIX } from '../search-proxy/routes';
import { ApiError, backendFailure, badRequest, refuse } from '../write-api/api-error';
import { BackendError, BackendUnavailableError } from '../search/types';
import { MAX_REQUEST_BYTES, MESSAGES, methodNotAllowed } from '../write-api/app-search-rules';
import { requireKey, rootKeyRing } from '../credentials/require-key';
import type { KeyRing } from '../credentials/types';
import { readJsonBody } from '../write-api/json-body';
import { pageMeta, readPage } from '../write-api/paging';
import { checkedCuration, checkedSettings, checkedSynonymSet, defaultSettings } from './checks';
import { COLLECTIONS, LIMITS, SETTINGS_ID, type Curation, type SearchSettings, type SynonymSet } from './records';
import { normalisedQuery } from './rules';

export interface RelevanceApiOptions {
  /** Where settings, synonym sets and curations are kept. */
  store: OperatorStore;
  /** The engines served now (a path naming another is answered 404). */
  engines: { get(name: string): EngineDefinition | undefined };
  /** The service's own key, which may do everything; kept out of logs. */
  privateKey: string;
  /** The keys that may call these routes (a private key that reads sees them, one that writes changes them); default: only the service's own key. */
  keys?: KeyRing;
}

interface Records {
  settings: OperatorCollection<SearchSettings>;
  synonyms: OperatorCollection<SynonymSet>;
  curations: OperatorCollection<Curation>;
  engines: RelevanceApiOptions['engines'];
}

type Handler = (c: Context, records: Records, engine: EngineDefinition) => Promise<Response>;

const newId = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
const query = (c: Context) => new URL(c.req.url).searchParams;
const notFound = (what: string) => new ApiError(404, [`${what} not found`]);

/** A list page as App Search pages these lists: 25 at most, a larger size cut to it. */
async function listPage<T>(c: Context, collection: OperatorCollection<T>, engine: string, body: (id: string, value: T) => object) {
  const asked = readPage(query(c), await readJsonBody(c), LIMITS.listPageSize);
  const page = { current: asked.current, size: Math.min(asked.size, LIMITS.listPageSize) };
  const { records, total } = await collection.list(engine, { offset: (page.current - 1) * page.size, limit: page.size });
  return c.json({ meta: pageMeta(page, total), results: records.map((record) => body(record.id, record.value)) });
}

function checked<T>({ problems, value }: { problems: string[]; value?: T }): T {
  if (problems.length > 0) throw badRequest(...problems);
  return value!;
}

// Search settings.
const settingsOf = async (records: Records, engine: EngineDefinition) =>
  (await records.settings.get(engine.name, SETTINGS_ID))?.value ?? defaultSettings(engine);
const getSettings: Handler = async (c, records, engine) => c.json(await settingsOf(records, engine));
const putSettings: Handler = async (c, records, engine) => {
  const settings = checked(checkedSettings(await readJsonBody(c), engine));
  await records.settings.put(engine.name, SETTINGS_ID, settings);
  return c.json(settings);
};
const resetSettings: Handler = async (c, records, engine) => {
  await records.settings.delete(engine.name, SETTINGS_ID);
  return c.json(defaultSettings(engine));
};

// Synonym sets.
const synonymBody = (id: string, set: SynonymSet) => ({ id, synonyms: set.synonyms });
const listSynonyms: Handler = (c, records, engine) => listPage(c, records.synonyms, engine.name, synonymBody);
const createSynonyms: Handler = async (c, records, engine) => {
  const set = checked(checkedSynonymSet(await readJsonBody(c)));
  if ((await records.synonyms.list(engine.name, { limit: 0 })).total >= LIMITS.synonymSets) {
    throw badRequest(`An engine can have at most ${LIMITS.synonymSets} synonym sets`);
  }
  const id = newId('syn');
  await records.synonyms.create(engine.name, id, set);
  return c.json(synonymBody(id, set));
};
const getSynonyms: Handler = async (c, records, engine) => {
  const record = await records.synonyms.get(engine.name, c.req.param('id')!);
  if (!record) throw notFound('Synonym set');
  return c.json(synonymBody(record.id, record.value));
};
const putSynonyms: Handler = async (c, records, engine) => {
  const id = c.req.param('id')!;
  if (!(await records.synonyms.get(engine.name, id))) throw notFound('Synonym set');
  const set = checked(checkedSynonymSet(await readJsonBody(c)));
  await records.synonyms.put(engine.name, id, set);
  return c.json(synonymBody(id, set));
};
const deleteSynonyms: Handler = async (c, records, engine) => {
  if (!(await records.synonyms.delete(engine.name, c.req.param('id')!))) throw notFound('Synonym set');
  return c.json({ deleted: true });
};

// Curations.
const curationBody = (id: string, curation: Curation) => ({ id, ...curation });

/** Each query belongs to one curation: a query another curation holds is refused, naming that curation. */
async function checkQueriesFree(records: Records, engine: string, curation: Curation, ownId?: string) {
  const taken = new Map<string, string>();
  for (const record of await records.curations.all(engine)) {
    if (record.id !== ownId) for (const held of record.value.queries) taken.set(normalisedQuery(held), record.id);
  }
  const clashes = curation.queries.filter((asked) => taken.has(normalisedQuery(asked)));
  if (clashes.length > 0) {
    throw badRequest(...clashes.map((clash) => `Query "${clash}" already belongs to curation ${taken.get(normalisedQuery(clash))}`));
  }
}
const listCurations: Handler = (c, records, engine) => listPage(c, records.curations, engine.name, curationBody);
const createCuration: Handler = async (c, records, engine) => {
  const curation = checked(checkedCuration(await readJsonBody(c)));
  await checkQueriesFree(records, engine.name, curation);
  const id = newId('cur');
  await records.curations.create(engine.name, id, curation);
  return c.json({ id });
};
const getCuration: Handler = async (c, records, engine) => {
  const record = await records.curations.get(engine.name, c.req.param('id')!);
  if (!record) throw notFound('Curation');
  return c.json(curationBody(record.id, record.value));
};
const putCuration: Handler = async (c, records, engine) => {
  const id = c.req.param('id')!;
  if (!(await records.curations.get(engine.name, id))) throw notFound('Curation');
  const curation = checked(checkedCuration(await readJsonBody(c)));
  await checkQueriesFree(records, engine.name, curation, id);
  await records.curations.put(engine.name, id, curation);
  return c.json({ id });
};
const deleteCuration: Handler = async (c, records, engine) => {
  if (!(await records.curations.delete(engine.name, c.req.param('id')!))) throw notFound('Curation');
  return c.json({ deleted: true });
};

/** Each path under an engine and what each of its methods does. */
const ROUTES: ReadonlyArray<{ path: string; methods: Readonly<Record<string, Handler>> }> = [
  { path: '/search_settings', methods: { GET: getSettings, PUT: putSettings } },
  { path: '/search_settings/reset', methods: { POST: resetSettings } },
  { path: '/synonyms', methods: { GET: listSynonyms, POST: createSynonyms } },
  { path: '/synonyms/:id', methods: { GET: getSynonyms, PUT: putSynonyms, DELETE: deleteSynonyms } },
  { path: '/curations', methods: { GET: listCurations, POST: createCuration } },
  { path: '/curations/:id', methods: { GET: getCuration, PUT: putCuration, DELETE: deleteCuration } },
];

const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};
/** Another site's page can never change relevance, even with a visitor's cookies (as the write API). */
const fromThisSiteOnly = sameSiteOnly((c) => refuse(c, new ApiError(403, [MESSAGES.otherSites])));
const sizeLimit = bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: (c) => refuse(c, new ApiError(413, [MESSAGES.requestTooLarge])) });

/**
 * App Search's search settings, synonyms and curations endpoints, at `/api/as/v1/engines/{engine}/...` and again
 * under the search proxy's path. Every call needs a private key for the engine (reading, or writing for a change). Mount before the search proxy. See README.md.
 */
export function relevanceApi(options: RelevanceApiOptions): Hono {
  const { store, engines, privateKey } = options;
  const records: Records = {
    settings: store.collection(COLLECTIONS.settings),
    synonyms: store.collection(COLLECTIONS.synonyms),
    curations: store.collection(COLLECTIONS.curations),
    engines,
  };
  // Reading the rules needs a key that reads the engine; changing them, one that writes to it.
  const keys = options.keys ?? rootKeyRing(privateKey);
  const authorisedFor = (method: string) =>
    requireKey({ keys, access: method === 'GET' ? 'read' : 'write', engineParam: 'engine' });
  const app = new Hono();
  for (const prefix of [API_PREFIX, `${PROXY_PATH}${API_PREFIX}`]) {
    for (const { path, methods } of ROUTES) {
      const full = `${prefix}/engines/:engine${path}`;
      const allowed = Object.keys(methods);
      for (const [method, handler] of Object.entries(methods)) {
        app.on(method, full, noStore, fromThisSiteOnly, authorisedFor(method), sizeLimit, async (c) => {
          try {
            const engine = engines.get(c.req.param('engine')!);
            if (!engine) throw new ApiError(404, [MESSAGES.unknownEngine]);
            return await handler(c, records, engine);
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
  }
  app.onError((error, c) => {
    // Where the rules are kept (a cluster) is away or failing: App Search's 503 or 502, never an unexpected 500.
    if (error instanceof BackendError) return refuse(c, backendFailure(error.message, error instanceof BackendUnavailableError ? 503 : 502));
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`relevance API: ${c.req.method} ${c.req.path} failed: ${redact(detail, [privateKey])}`);
    return c.json({ errors: [MESSAGES.unexpected] }, 500, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  });
  return app;
}

/** Takes an engine's settings, synonyms and curations away with it. */
export async function forgetEngineRules(store: OperatorStore, engine: string): Promise<void> {
  await Promise.all(Object.values(COLLECTIONS).map((name) => store.collection(name).deleteScope(engine)));
}
