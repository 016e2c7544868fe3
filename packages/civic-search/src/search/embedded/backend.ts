import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type {
  ApiClickRequest,
  ApiQuerySuggestionRequest,
  ApiQuerySuggestionResponse,
  ApiSearchRequest,
  ApiSearchResponse,
} from '../../../../../src/core/search/app-search-api';
import { BackendError, UnknownEngineError, type SearchBackend, type SiteDocument } from '../types';
import { openClickStore, type ClickStore } from './click-store';
import { TEXT_FIELDS, type EngineIndex, type TextField } from './engine-index';
import { loadOrBuildIndex } from './index-store';
import { BLANK_QUERY_SORT, runSearch } from './run-search';
import { buildSuggestionIndex, DEFAULT_SUGGESTION_SIZE, type SuggestionIndex } from './suggestions';
import { STOP_WORDS } from './text-analysis';

/** Where indexes and clicks are kept unless told otherwise (relative to the working directory; gitignored). */
export const DEFAULT_DATA_DIR = '.data/search';
/** The most suggestions one request gets (App Search's limit). */
export const MAX_SUGGESTIONS = 20;
/** After an engine failed to start (its document source threw), a call this much later tries again. */
export const DEFAULT_RETRY_AFTER_MS = 5_000;
/** Engine names double as file names: letters, digits, '-' and '_'. */
const ENGINE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface EmbeddedBackendOptions {
  /** The allowlist: each engine's name and where its documents come from. */
  engines: Record<string, () => readonly SiteDocument[] | Promise<readonly SiteDocument[]>>;
  /** Folder for saved indexes and the click log (default `.data/search`). */
  dataDir?: string;
  /** Told once per engine how its index was obtained. */
  onIndexReady?: (event: IndexReadyEvent) => void;
  /**
   * An engine whose start failed (say the CMS was unreachable) is started again by the first call at least this
   * long after the failure (default 5 s); calls in between fail at once without asking the source again.
   */
  retryAfterMs?: number;
}

export interface IndexReadyEvent {
  engine: string;
  source: 'loaded' | 'built';
  documents: number;
  milliseconds: number;
  note?: string;
}

export interface EmbeddedBackend extends SearchBackend {
  readonly engines: readonly string[];
  /**
   * Resolves once every engine's index is loaded or built (rejects if one failed); calls wait for it anyway.
   * A click log that cannot be opened does not stop search: clicks then fail with a BackendError.
   */
  ready(): Promise<void>;
  /** How each engine's index was obtained, once ready. */
  indexStatus(engine: string): Promise<IndexReadyEvent>;
  /** Waits for start-up and pending click writes. */
  close(): Promise<void>;
}

interface EngineState {
  index: EngineIndex;
  status: IndexReadyEvent;
  suggestions: Map<string, SuggestionIndex>;
}

/**
 * The default search backend: MiniSearch in the server process. Each engine's index is built from its documents at
 * start (in the background; calls wait for it) and saved in `dataDir`, so a restart with the same documents loads
 * it instead. Clicks go to an append-only log there, read back at start to rank suggestions.
 */
export function createEmbeddedBackend({
  engines,
  dataDir = DEFAULT_DATA_DIR,
  onIndexReady,
  retryAfterMs = DEFAULT_RETRY_AFTER_MS,
}: EmbeddedBackendOptions): EmbeddedBackend {
  const names = Object.keys(engines);
  for (const name of names)
    if (!ENGINE_NAME.test(name)) throw new Error(`Engine name ${JSON.stringify(name)} must be letters, digits, '-' or '_'.`);

  interface Attempt {
    state: Promise<EngineState>;
    failedAt?: number;
  }
  const attempts = new Map<string, Attempt>();
  const attempt = (name: string, after: Promise<unknown>): Attempt => {
    const started: Attempt = { state: after.then(() => startEngine(name, engines[name], dataDir, onIndexReady)) };
    // Failures surface when the engine is used; never as an unhandled rejection.
    started.state.catch(() => {
      started.failedAt = performance.now();
    });
    attempts.set(name, started);
    return started;
  };
  // One engine after another: building several big indexes at once would only compete for the same cores.
  let previous: Promise<unknown> = Promise.resolve();
  for (const name of names) previous = attempt(name, previous).state.catch(() => undefined);
  const clickStore = openClickStore(join(dataDir, 'clicks.jsonl'));
  clickStore.catch(() => undefined);

  const engineState = async (engine: string): Promise<EngineState> => {
    let current = Object.hasOwn(engines, engine) ? attempts.get(engine) : undefined;
    if (!current) throw new UnknownEngineError(engine);
    if (current.failedAt !== undefined && performance.now() - current.failedAt >= retryAfterMs)
      current = attempt(engine, Promise.resolve());
    try {
      return await current.state;
    } catch (error) {
      throw new BackendError(`The search index of this engine could not be prepared: ${(error as Error).message}`);
    }
  };

  return {
    name: 'embedded',
    engines: names,
    async ready() {
      await Promise.all(names.map(engineState));
    },
    indexStatus: async (engine) => (await engineState(engine)).status,

    async search(engine: string, request: ApiSearchRequest, signal?: AbortSignal): Promise<ApiSearchResponse> {
      const { index } = await engineState(engine);
      try {
        return runSearch(index, engine, request, requestId(), signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new BackendError(`The search failed: ${(error as Error).message}`);
      }
    },

    async suggest(engine: string, request: ApiQuerySuggestionRequest, signal?: AbortSignal): Promise<ApiQuerySuggestionResponse> {
      const state = await engineState(engine);
      const clicks = await clickStore.catch(() => undefined);
      signal?.throwIfAborted();
      const suggestions = suggestionIndex(state, suggestionFields(request));
      const size = Math.min(MAX_SUGGESTIONS, Math.max(1, Math.floor(request.size ?? DEFAULT_SUGGESTION_SIZE)));
      const found = suggestions.suggest(request.query ?? '', {
        size,
        popular: clicks?.popularQueries(engine),
        // Stop words are not indexed, yet belong in queries ("register your dog").
        isKnownWord: (word) => STOP_WORDS.has(word) || state.index.vocabulary.hasWord(word),
      });
      return { results: { documents: found.map((suggestion) => ({ suggestion })) }, meta: { request_id: requestId() } };
    },

    async click(engine: string, click: ApiClickRequest, signal?: AbortSignal): Promise<void> {
      if (!Object.hasOwn(engines, engine)) throw new UnknownEngineError(engine);
      let store: ClickStore;
      try {
        store = await clickStore;
      } catch (error) {
        throw new BackendError(`Clicks cannot be recorded: ${(error as Error).message}`);
      }
      signal?.throwIfAborted();
      try {
        await store.record({
          engine,
          query: click.query,
          document_id: click.document_id,
          request_id: click.request_id,
          tags: click.tags ?? [],
        });
      } catch (error) {
        throw new BackendError(`The click was not recorded: ${(error as Error).message}`);
      }
    },

    async close() {
      await Promise.allSettled([...attempts.values()].map((current) => current.state));
      await (await clickStore.catch(() => undefined))?.flush();
    },
  };
}

async function startEngine(
  engine: string,
  documentsOf: EmbeddedBackendOptions['engines'][string],
  dataDir: string,
  onIndexReady: EmbeddedBackendOptions['onIndexReady'],
): Promise<EngineState> {
  const started = performance.now();
  const documents = await documentsOf();
  const { index, source, note } = await loadOrBuildIndex(engine, documents, dataDir);
  // The search page opened without words asks for this order first: ready before the first visitor.
  index.orders(BLANK_QUERY_SORT);
  const status: IndexReadyEvent = {
    engine,
    source,
    documents: documents.length,
    milliseconds: Math.round(performance.now() - started),
    ...(note ? { note } : {}),
  };
  const state: EngineState = { index, status, suggestions: new Map() };
  // Titles are what suggestions come from unless a request asks otherwise: ready before the first keystroke.
  suggestionIndex(state, ['title']);
  onIndexReady?.(status);
  return state;
}

/** The suggestion index of these fields, built on first use and kept. */
function suggestionIndex(state: EngineState, fields: readonly TextField[]): SuggestionIndex {
  const key = fields.join(',');
  let suggestions = state.suggestions.get(key);
  if (!suggestions) {
    suggestions = buildSuggestionIndex(state.index.documents.flatMap((document) => fields.map((field) => document[field])));
    state.suggestions.set(key, suggestions);
  }
  return suggestions;
}

/** The text fields suggestions come from: those asked for (`types.documents.fields`), else titles. */
function suggestionFields(request: ApiQuerySuggestionRequest): TextField[] {
  const asked = request.types?.documents?.fields ?? [];
  const fields = TEXT_FIELDS.filter((field) => asked.includes(field));
  return fields.length > 0 ? fields : ['title'];
}

function requestId(): string {
  return randomUUID().replaceAll('-', '');
}
