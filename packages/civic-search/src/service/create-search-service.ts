import { Hono } from 'hono';
import { resolve } from 'node:path';
import { checkedEngineDefinition, type EngineDefinition } from '../engines/engine-definition';
import { documentProblems, inferSchema, readDocumentsFile, type EngineDocument } from '../engines/documents-file';
import type { EngineSchema, SearchFieldWeights } from '../engines/engine-schema';
import { EngineRegistry } from '../engines/engine-registry';
import { isEngineAdmin, type EngineAdmin } from '../engines/engine-admin';
import { createWorkerBackend, packageModuleUrl } from '../worker';
import { writeApi } from '../write-api';
import { createDurableEmbedded, type DurableEmbeddedOptions, type EngineSeed } from './durable-embedded';
import { clusterBackend } from './cluster-backend';
import type { SearchBackend } from '../search/types';
import { checkCostBudgetOptions, checkMaxAnswerBytes, DEFAULT_COST_BUDGET, searchProxy } from '../search-proxy';
import { DEFAULT_RATE_LIMIT, trustedHeaderAddress, type RateLimitOptions } from '../search-proxy/rate-limit';
import type { CostBudgetOptions } from '../search-proxy/cost-budget';
import { normaliseOrigin } from '../search-proxy/cors';
import { privateKeyFor, type PrivateKey } from './private-key';
import { openDataFolderOperatorStore, watchRevision, type OperatorStore } from '../operator-state';
import { Credentials } from '../credentials/credentials';
import { SEARCH_KEY_PATH, searchKeyGate } from '../credentials/search-key-gate';
import { MetaEngines } from '../meta-engines/meta-engines';
import { withMetaEngines, type MetaEngineAdmin } from '../meta-engines/meta-engine-admin';
import { withMetaSearch, type MetaEngineRules } from '../meta-engines/meta-search';
import { metaEngineDefinitions } from '../meta-engines/meta-definitions';
import { crawlEngines, serviceCrawls, type ServiceCrawl, type ServiceCrawls } from '../crawler/service-crawls';
import type { CrawlStore } from '../crawler/crawl-store';
import {
  forgetEngineRules,
  previewSearch,
  relevanceApi,
  relevanceRules,
  withRelevance,
  type PreviewSearch,
  type RelevanceDraft,
} from '../relevance';
import { clusterAnalyticsStoreFromEnv, createAnalytics, type Analytics, type AnalyticsOptions } from '../analytics';
import { consoleRoutes, type SessionLimits, type SignInLimit } from '../console';
import { RelevanceTestStore, relevanceTestsApi } from '../relevance-tests';

/** Where documents of an engine come from: a JSON or NDJSON file, a list, or a function the service calls once. */
export type DocumentSource = string | readonly object[] | (() => readonly object[] | Promise<readonly object[]>);

/**
 * An engine given in configuration. The embedded backend keeps engines in its data folder: a configured engine is
 * created there when absent, and its documents (if given) loaded when they differ from the ones loaded last time,
 * so documents written through the API meanwhile are kept.
 */
export interface EngineOptions {
  name: string;
  /** App Search's language code (default `en`). */
  language?: string | null;
  /** The fields and their types; inferred from the documents when left out (numbers, ISO dates, else text). */
  schema?: EngineSchema;
  /** Text fields searched by default and their weights (default: every text field, weight 1). */
  searchFields?: SearchFieldWeights;
  /** Its documents; none: the engine is filled through the write API. */
  documents?: DocumentSource;
}

export type BackendChoice = 'embedded' | 'elasticsearch' | 'opensearch';

export interface SearchServiceOptions {
  /** Engines to serve from configuration (the embedded backend also serves every engine made through the API). */
  engines?: readonly EngineOptions[];
  /** `embedded` (default: an index in this process, kept in `dataDir`), `elasticsearch`, `opensearch`, or a backend of your own. */
  backend?: BackendChoice | SearchBackend;
  /** Where the service keeps its private key, indexes and click log (default `./.civic-search`). */
  dataDir?: string;
  /** The private key (default: the one kept in the data folder, made on first start). */
  privateKey?: string;
  /** Origins of other sites whose pages may search (CORS on search, suggestions and clicks). */
  corsOrigins?: readonly string[];
  /** The header a trusted reverse proxy puts the client's address in; without it the socket address counts. */
  trustProxy?: string;
  /** Per-client call limit (default 300 a minute). */
  rateLimit?: Omit<RateLimitOptions, 'clientKey'>;
  /** Per-client budget of cost (default 100 units a second, burst 2,000; see the proxy's README); false: none. */
  costBudget?: Partial<CostBudgetOptions> | false;
  /** A larger answer is refused with 400 (default 1 MiB). */
  maxAnswerBytes?: number;
  /** A backend call that takes longer is answered 504 (default 5 s). */
  timeoutMs?: number;
  /** Backend calls at a time (default: 2 for the embedded engine, 16 for a cluster). */
  maxConcurrent?: number;
  /** Environment for a cluster backend's settings (ELASTICSEARCH_URL or OPENSEARCH_URL, ...); default process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * Runs the embedded engine on this thread instead of a worker thread (default false). A worker keeps pages and
   * health checks answering while a search runs, and really stops a search past its deadline; on this thread a
   * costly search holds everything up, and its deadline cannot fire until it ends (for tests and small sites only).
   */
  inProcess?: boolean;
  /**
   * Sites the service crawls into its engines: at start, then on each one's schedule, and one page at a time through
   * `POST /api/crawl` (private key). Each engine is made with the crawl's fields when missing. See src/crawler.
   */
  crawls?: readonly ServiceCrawl[];
  /**
   * Where operator records are kept (credentials, search settings, synonyms, curations, meta engines); default: the
   * index `<prefix>-operator_state` of the cluster for a cluster backend, else `operator.db` in `dataDir`, opened here
   * and closed by close(). A store given here is the caller's to close.
   */
  operatorStore?: OperatorStore;
  /**
   * Searches, suggestions and clicks at `/api/as/v1/` need a key that may search the engine (a search key, or a
   * private key that reads). The elements' own paths under `/_search-proxy` stay open to visitors. Default false.
   */
  searchNeedsKey?: boolean;
  /** Search analytics (recorded by default; see src/analytics): log settings, redaction, bounds, popular suggestions. */
  analytics?: AnalyticsOptions;
  /**
   * The search manager's console at `/console` (default on): sign in with a private or admin key. Its session
   * limits and sign-in limit may be set, where its built browser code is (default: the package's own), and the hosts
   * on the service's own network its import may read an old App Search from (`importHosts`); false: not served.
   */
  console?:
    | boolean
    | { sessionLimits?: Partial<SessionLimits>; signInLimit?: Partial<SignInLimit>; assetsDir?: string; importHosts?: readonly string[] };
}

/** The service: a Hono app (mount it, or serve it with @hono/node-server) with what it runs on. */
export type SearchService = Hono & {
  /** What answers searches, with the operator's rules (settings, synonyms, curations) applied. */
  readonly backend: SearchBackend;
  /** Engines, schemas and documents (what the write API serves), when the backend keeps them. */
  readonly admin?: EngineAdmin;
  /** The engines served now (created and changed through the write API included). */
  readonly engines: readonly EngineDefinition[];
  readonly privateKey: Omit<PrivateKey, 'key'>;
  /** Where the operator's keys, settings, synonyms and curations are kept. */
  readonly operatorStore: OperatorStore;
  /** Search analytics, unless switched off. */
  readonly analytics?: Analytics;
  /** Resolves when every engine's index is ready to search. */
  ready(): Promise<void>;
  /** Stops the backend (waits for pending writes). */
  close(): Promise<void>;
};

export const DEFAULT_DATA_DIR = '.civic-search';
/**
 * The embedded engine searches on this process's one thread: running more than a couple at once only makes each
 * wait longer, and queued calls then time out (504) instead of piling up. A cluster serves many in parallel.
 */
const EMBEDDED_MAX_CONCURRENT = 2;
const CLUSTER_MAX_CONCURRENT = 16;

async function loadDocuments(source: DocumentSource, schema: EngineSchema | undefined, engine: string) {
  if (typeof source === 'string') return readDocumentsFile(resolve(source), schema);
  const list = (typeof source === 'function' ? await source() : source) as readonly Record<string, unknown>[];
  const effective = schema ?? inferSchema(list);
  const problems = list.flatMap((document, index) => documentProblems(document, effective, `engine ${engine}, document ${index + 1}`));
  if (problems.length > 0) throw new Error(`${problems.length} documents problems:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return { documents: list.map((document) => ({ ...document, id: String(document.id) }) as EngineDocument), schema: effective };
}

/**
 * How often a service on a cluster checks the operator store's revision for meta engines made elsewhere: as often as
 * the engine catalog is read, one realtime read of one document.
 */
const OPERATOR_POLL_MS = 500;

/**
 * Creates the search service: App Search's search, query_suggestion and click endpoints under `/api/as/v1/` and
 * `/_search-proxy/api/as/v1/`, and the elements' form post at `/_search-proxy`, over the engines given. Engines'
 * documents are read and checked first: a file with problems stops the start with every problem listed.
 */
export async function createSearchService(options: SearchServiceOptions): Promise<SearchService> {
  const { backend: choice = 'embedded', dataDir = DEFAULT_DATA_DIR, corsOrigins = [], trustProxy } = options;
  const engineOptions = crawlEngines(options.crawls, options.engines ?? []);
  const names = new Set<string>();
  for (const engine of engineOptions) {
    if (names.has(engine.name)) throw new Error(`createSearchService: the engine ${JSON.stringify(engine.name)} is given twice.`);
    names.add(engine.name);
  }
  corsOrigins.forEach(normaliseOrigin);
  // Limits that cannot work are refused before any engine starts.
  if (options.costBudget) checkCostBudgetOptions({ ...DEFAULT_COST_BUDGET, ...options.costBudget }, 'createSearchService: costBudget');
  if (options.maxAnswerBytes !== undefined) checkMaxAnswerBytes(options.maxAnswerBytes, 'createSearchService');
  const clientKey = trustProxy ? trustedHeaderAddress(trustProxy) : undefined;
  const privateKey = await privateKeyFor(dataDir, options.privateKey);
  // Settings, synonyms, curations, meta engines and keys live where the engines do: in the cluster for a cluster
  // backend (so several processes in front of it agree), else in the data folder.
  const inCluster = choice === 'elasticsearch' || choice === 'opensearch';
  let openedStore = options.operatorStore || inCluster ? undefined : openDataFolderOperatorStore(dataDir);
  /** Where the crawls keep their state, history and leases: the cluster's for a cluster backend, else files in `dataDir`. */
  let crawlStore: CrawlStore | undefined;

  const loaded = await Promise.all(
    engineOptions.map(async (engine) => {
      const { documents, schema } = engine.documents
        ? await loadDocuments(engine.documents, engine.schema, engine.name)
        : { documents: undefined, schema: engine.schema ?? {} };
      const definition = checkedEngineDefinition({
        name: engine.name,
        language: engine.language ?? 'en',
        schema,
        searchFields: engine.searchFields,
      });
      return { definition, documents };
    }),
  );

  let backend: SearchBackend;
  let admin: (EngineAdmin & { definitions?: () => EngineDefinition[] | Promise<EngineDefinition[]> }) | undefined;
  let maxConcurrent = options.maxConcurrent;
  let watchCatalog: ((onChange: () => Promise<void>) => void) | undefined;
  if (typeof choice === 'object') {
    backend = choice;
    if (isEngineAdmin(choice)) admin = choice;
  } else if (choice === 'elasticsearch' || choice === 'opensearch') {
    const cluster = await clusterBackend(choice, options.env ?? process.env, loaded);
    backend = cluster.backend;
    admin = cluster.admin;
    watchCatalog = cluster.watch;
    maxConcurrent ??= CLUSTER_MAX_CONCURRENT;
    // The service's own indices beside the engines': the operator's records, and the crawls' state when it crawls.
    const stores = async () => {
      if (!options.operatorStore) openedStore = await cluster.openOperatorStore();
      if (options.crawls?.length) crawlStore = await cluster.openCrawlStore();
    };
    await stores().catch(async (error: Error) => {
      await backend.close?.().catch(() => undefined);
      throw error;
    });
  } else if (choice === 'embedded') {
    const seeds: EngineSeed[] = loaded.map(({ definition, documents }) => ({
      name: definition.name,
      language: definition.language ?? null,
      schema: definition.schema,
      ...(definition.searchFields && { searchFields: definition.searchFields }),
      ...(documents && { documents }),
    }));
    const hostOptions: DurableEmbeddedOptions = { dataDir, engines: seeds };
    if (options.inProcess) {
      const durable = await createDurableEmbedded(hostOptions);
      backend = durable;
      admin = durable;
    } else {
      const worker = createWorkerBackend({
        name: 'embedded',
        // Closing saves indexes that took writes: at 100,000 documents that takes several seconds.
        closeTimeoutMs: 60_000,
        host: {
          module: packageModuleUrl(new URL('./durable-embedded.ts', import.meta.url), 'durable-embedded.js'),
          exportName: 'createDurableEmbedded',
          options: hostOptions,
        },
      });
      await worker.call('definitions').catch(async (error: Error) => {
        await worker.close().catch(() => undefined);
        throw error;
      });
      backend = worker;
      admin = Object.assign(Object.create(worker) as EngineAdmin, {
        definitions: () => worker.call<EngineDefinition[]>('definitions'),
      });
    }
    maxConcurrent ??= EMBEDDED_MAX_CONCURRENT;
  } else
    throw new Error(`createSearchService: the backend must be "embedded", "elasticsearch" or "opensearch", not ${JSON.stringify(choice)}.`);

  const operatorStore = options.operatorStore ?? openedStore!;
  // A store that was given is the caller's to close.
  const closeOperatorStore = async () => openedStore?.close();
  const credentials = new Credentials(operatorStore, privateKey.key);
  const metaEngines = new MetaEngines(operatorStore);

  const registry = new EngineRegistry(loaded.map(({ definition }) => definition));
  const refreshRegistry = async () => {
    if (!admin?.definitions) return;
    const engines = await admin.definitions();
    const now = [...engines, ...metaEngineDefinitions(await metaEngines.all(), engines)];
    const names = new Set(now.map((definition) => definition.name));
    for (const definition of registry.list()) if (!names.has(definition.name)) registry.delete(definition.name);
    for (const definition of now) registry.set(definition);
  };
  await refreshRegistry();
  watchCatalog?.(refreshRegistry);
  // Meta engines made or changed through another process sharing the cluster join the registry here too.
  const stopWatchingOperators = inCluster ? watchRevision(operatorStore, OPERATOR_POLL_MS, refreshRegistry) : undefined;

  const analytics =
    options.analytics?.enabled === false
      ? undefined
      : createAnalytics({
          // A cluster backend keeps analytics in the cluster too, so every process serving it reports the same figures.
          ...(!options.analytics?.store &&
            (choice === 'elasticsearch' || choice === 'opensearch') && {
              store: await clusterAnalyticsStoreFromEnv(choice, options.env ?? process.env, options.analytics?.limits),
            }),
          ...options.analytics,
          dataDir,
          operatorStore,
          privateKey: privateKey.key,
          keys: credentials,
          ...(clientKey && { clientKey }),
          hasEngine: (name) => registry.get(name) !== undefined,
        });

  const app = new Hono();
  if (analytics) {
    for (const path of ['/api/as/v1/engines/:engine/*', '/_search-proxy/api/as/v1/engines/:engine/*']) app.use(path, analytics.apiLog);
    app.route('/', analytics.routes);
  }
  let crawls: ServiceCrawls | undefined;
  if (admin) {
    // A change is answered once the proxy knows it: an engine just made (or a field just added) is searchable.
    const writes = withMetaEngines(admin, metaEngines);
    const refreshed = <T>(result: Promise<T>) => result.then(async (value) => (await refreshRegistry(), value));
    const tracked: MetaEngineAdmin = {
      createMetaEngine: (name, sources) => refreshed(writes.createMetaEngine(name, sources)),
      addSourceEngines: (name, sources) => refreshed(writes.addSourceEngines(name, sources)),
      removeSourceEngines: (name, sources) => refreshed(writes.removeSourceEngines(name, sources)),
      listEngines: () => writes.listEngines(),
      engineInfo: (name) => writes.engineInfo(name),
      createEngine: (name, language) => refreshed(writes.createEngine(name, language)),
      deleteEngine: (name) =>
        refreshed(writes.deleteEngine(name)).then(async (deleted) => {
          if (deleted) await Promise.all([forgetEngineRules(operatorStore, name), new RelevanceTestStore(operatorStore).forget(name)]);
          return deleted;
        }),
      schema: (engine) => writes.schema(engine),
      updateSchema: (engine, fields) => refreshed(writes.updateSchema(engine, fields)),
      putDocuments: (engine, documents) => refreshed(writes.putDocuments(engine, documents)),
      patchDocuments: (engine, patches) => refreshed(writes.patchDocuments(engine, patches)),
      getDocuments: (engine, ids) => writes.getDocuments(engine, ids),
      listDocuments: (engine, page) => writes.listDocuments(engine, page),
      deleteDocuments: (engine, ids) => writes.deleteDocuments(engine, ids),
    };
    app.route('/', writeApi({ admin: tracked, privateKey: privateKey.key, credentials }));
    if (options.crawls?.length) {
      crawls = serviceCrawls({
        crawls: options.crawls,
        admin: tracked,
        privateKey: privateKey.key,
        keys: credentials,
        dataDir: resolve(dataDir),
        ...(crawlStore && { store: crawlStore }),
      });
      app.route('/', crawls.routes);
    }
  } else if (options.crawls?.length) throw new Error('createSearchService: crawls need a backend that takes writes.');
  if (options.searchNeedsKey) app.use(SEARCH_KEY_PATH, searchKeyGate(credentials));
  // Searches through the proxy and through `service.backend` (a server-rendered results page) get the same rules;
  // a meta engine's search asks each source engine with the meta engine's own search settings (its sources' synonyms
  // and curations apply within them), then applies its own curation.
  const rules = relevanceRules(operatorStore, (name) => registry.get(name)?.schema);
  /** A meta engine's own rules: the saved ones, or for a preview, one engine's draft in place of its saved rules. */
  const metaRules = (drafted?: { engine: string; draft: RelevanceDraft }): MetaEngineRules => ({
    curationOf: async (engine, query) =>
      (await rules.apply(engine, { query }, engine === drafted?.engine ? drafted.draft : undefined)).rules,
    settingsOf: async (engine) => {
      if (engine === drafted?.engine && drafted.draft.settings) return drafted.draft.settings;
      const definition = registry.get(engine);
      return definition && rules.settingsOf(definition);
    },
    schemaOf: (engine) => registry.get(engine)?.schema,
  });
  const searching = withMetaSearch(withRelevance(backend, rules), metaEngines, metaRules());
  // A preview records nothing: it asks the backend (for a meta engine, each source) past the proxy and its analytics.
  const previewOne = previewSearch(backend, rules);
  const preview: PreviewSearch = async (engine, request, draft, signal) =>
    (await metaEngines.get(engine))
      ? withMetaSearch(withRelevance(backend, rules), metaEngines, metaRules({ engine, draft })).search(engine, request, signal)
      : previewOne(engine, request, draft, signal);
  if (options.console !== false) {
    app.route(
      '/',
      consoleRoutes({
        ...(typeof options.console === 'object' && options.console),
        keys: credentials,
        store: operatorStore,
        engineNames: () => registry.list().map((definition) => definition.name),
        // The console acts through this same app's API, answered in process with the signed-in key.
        api: (request, env) => app.fetch(request, env),
        preview,
        ...(analytics && { analytics: analytics.store }),
        ...(clientKey && { clientKey }),
      }),
    );
  }
  app.route('/', relevanceApi({ store: operatorStore, engines: registry, privateKey: privateKey.key, keys: credentials }));
  app.route('/', relevanceTestsApi({ store: operatorStore, engines: registry, preview, privateKey: privateKey.key, keys: credentials }));
  app.route(
    '/',
    searchProxy({
      backend: searching,
      engines: registry,
      privateKey: privateKey.key,
      corsOrigins,
      timeoutMs: options.timeoutMs,
      maxConcurrent,
      rateLimit: { ...DEFAULT_RATE_LIMIT, ...options.rateLimit, ...(clientKey && { clientKey }) },
      ...(options.costBudget !== undefined && {
        costBudget: options.costBudget && { ...DEFAULT_COST_BUDGET, ...options.costBudget },
      }),
      maxAnswerBytes: options.maxAnswerBytes,
      analytics,
    }),
  );
  const { key: _key, ...keyInfo } = privateKey;
  Object.defineProperty(app, 'engines', { get: () => registry.list(), enumerable: true });
  const service = Object.assign(app as Hono & { readonly engines: readonly EngineDefinition[] }, {
    backend: searching,
    ...(admin && { admin }),
    privateKey: keyInfo,
    operatorStore,
    ...(analytics && { analytics }),
    ready: async () => {
      await (backend as { ready?: () => Promise<void> }).ready?.();
    },
    close: async () => {
      stopWatchingOperators?.();
      await crawls?.stop();
      await crawlStore?.close();
      await analytics?.close();
      await backend.close?.();
      await closeOperatorStore();
    },
  });
  crawls?.start();
  return service;
}
