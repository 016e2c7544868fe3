import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type {
  ApiClickRequest,
  ApiQuerySuggestionRequest,
  ApiQuerySuggestionResponse,
  ApiSearchRequest,
  ApiSearchResponse,
} from 'civic-elements/core';
import { BackendError, InvalidRequestError, UnknownEngineError, type SearchBackend, type SiteDocument } from '../types';
import { createClickStore } from './click-store';
import { buildEngineIndex, PAGE_TEXT_FIELDS, type EngineIndex, type TextFields } from './engine-index';
import type { AnalysedDocuments } from './document-analysis';
import { indexFile, loadOrBuildIndex, saveWrittenIndex } from './index-store';
import { rm } from 'node:fs/promises';
import { IssuedRequests } from './issued-requests';
import { analyzerFor, checkedLanguage, type Language, type TextAnalyzer } from './languages';
import { runSearch } from './run-search';
import { buildSuggestionIndex, DEFAULT_SUGGESTION_SIZE, normaliseQuery, type SuggestionIndex } from './suggestions';

/** Where indexes and clicks are kept unless told otherwise (relative to the working directory; gitignored). */
export const DEFAULT_DATA_DIR = '.data/search';
/** The most suggestions one request gets (App Search's limit). */
export const MAX_SUGGESTIONS = 20;
/** After an engine failed to start (its document source threw), a call this much later tries again. */
export const DEFAULT_RETRY_AFTER_MS = 5_000;
/** Engine names double as file names: letters, digits, '-' and '_'. */
const ENGINE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Where an engine's documents come from. */
export type DocumentSource = () => readonly SiteDocument[] | Promise<readonly SiteDocument[]>;

/** An engine's documents and, when not the backend's default, its language. */
export interface EngineSource {
  documents: DocumentSource;
  /** App Search's language code (`en`, `mi`, `cy`, `ga`, `gd`), or null for universal; default: the backend's. */
  language?: string | null;
  /** The fields indexed as text and their weights (default: content pages' title, summary and body). */
  text?: TextFields;
}

export interface EmbeddedBackendOptions {
  /** The allowlist: each engine's name and where its documents come from (and, if it differs, its language). */
  engines: Record<string, DocumentSource | EngineSource>;
  /** The language of engines that do not name one (default `en`); see `LANGUAGES`. */
  language?: string | null;
  /** Folder for saved indexes and the click log (default `.data/search`). */
  dataDir?: string;
  /** Told once per engine how its index was obtained. */
  onIndexReady?: (event: IndexReadyEvent) => void;
  /**
   * An engine whose start failed (say the CMS was unreachable) is started again by the first call at least this
   * long after the failure (default 5 s); calls in between fail at once without asking the source again.
   */
  retryAfterMs?: number;
  /** The click log is rewritten compact past this size (default 8 MB; see `click-store.ts`). */
  clickLogCompactAboveBytes?: number;
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
   * Resolves once every engine's index is loaded or built (rejects if one failed) and the click log has been read;
   * calls wait for their engine anyway, never for the click log (suggestions use the clicks read so far). A click
   * log that cannot be opened does not stop search: clicks then fail with a BackendError.
   */
  ready(): Promise<void>;
  /** How each engine's index was obtained, once ready. */
  indexStatus(engine: string): Promise<IndexReadyEvent>;
  /** The language each engine analyses its text in. */
  languageOf(engine: string): Language;
  /**
   * Applies documents written to an engine (put: added, or replacing the held one of the same id; remove: by id),
   * visible to the next search. Resolves with, per removed id, whether the engine held it.
   */
  write(engine: string, change: DocumentsChange): Promise<boolean[]>;
  /**
   * What analysing a write elsewhere needs: the documents held under these ids now (what a put replaces, or a
   * removal takes out) and the text fields analysed.
   */
  heldDocuments(engine: string, ids: readonly string[]): Promise<{ documents: (SiteDocument | undefined)[]; fields: readonly string[] }>;
  /** Serves another engine (its index loaded or built like those given at creation). */
  addEngine(name: string, source: DocumentSource | EngineSource): void;
  /** Stops serving an engine and forgets its index (the saved file is deleted). */
  dropEngine(name: string): Promise<void>;
  /**
   * Changes which fields an engine indexes as text, or their weights. New fields no document has yet are added in
   * place; any other change re-indexes the engine's documents in the background while searches go on with the
   * current index (writes meanwhile reach both), then switches.
   */
  setTextFields(engine: string, text: TextFields): Promise<void>;
  /** Stops loading and building indexes and reading the click log, then waits for pending click writes. */
  close(): Promise<void>;
}

/** Documents written to an engine. */
export interface DocumentsChange {
  put?: readonly SiteDocument[];
  remove?: readonly string[];
  /** The analysis, made elsewhere, of documents put and of those they replace or remove (others are analysed here). */
  analysed?: AnalysedDocuments;
}

/**
 * An index that has drifted this far from a compact one (entries of documents added since it was built, plus
 * removed documents), and by a quarter of its postings entries, is compacted: scoring reads flat arrays again. Both
 * sides count entries, so a large index compacts rarely (a compaction costs in proportion to the whole index).
 */
const COMPACT_AFTER_DRIFT = 20_000;

interface EngineConfig {
  documents: DocumentSource;
  analyzer: TextAnalyzer;
  text: TextFields;
}

interface EngineState {
  index: EngineIndex;
  status: IndexReadyEvent;
  /** Built on first use from the documents as they are, and dropped when they change. */
  suggestions: Map<string, SuggestionIndex>;
  /** Writes applied since a re-index began, applied to the new index before it replaces this one. */
  pending?: DocumentsChange[];
  /** The index took writes since it was loaded or built: it is saved at close. */
  written?: boolean;
}

/**
 * The default search backend: a search engine in the server process. Each engine's index is built from its
 * documents at start (in the background; calls wait for it) and saved in `dataDir`, so a restart with the same
 * documents loads it instead. Clicks go to a log there, read back at start to rank suggestions; a click counts only
 * for a document the engine holds and an answer it gave lately.
 */
export function createEmbeddedBackend({
  engines,
  language,
  dataDir = DEFAULT_DATA_DIR,
  onIndexReady,
  retryAfterMs = DEFAULT_RETRY_AFTER_MS,
  clickLogCompactAboveBytes,
}: EmbeddedBackendOptions): EmbeddedBackend {
  const names: string[] = [];
  const defaultLanguage = checkedLanguage(language, 'createEmbeddedBackend: language');
  const configs = new Map<string, EngineConfig>();
  const configure = (name: string, given: DocumentSource | EngineSource) => {
    if (!ENGINE_NAME.test(name)) throw new Error(`Engine name ${JSON.stringify(name)} must be letters, digits, '-' or '_'.`);
    if (configs.has(name)) throw new Error(`The engine ${JSON.stringify(name)} is served already.`);
    const source: EngineSource = typeof given === 'function' ? { documents: given } : given;
    const engineLanguage =
      source.language === undefined
        ? defaultLanguage
        : checkedLanguage(source.language, `createEmbeddedBackend: engine "${name}" language`);
    configs.set(name, { documents: source.documents, analyzer: analyzerFor(engineLanguage), text: source.text ?? PAGE_TEXT_FIELDS });
    names.push(name);
  };
  for (const name of Object.keys(engines)) configure(name, engines[name]);
  const configOf = (engine: string) => configs.get(engine);

  // Aborted by close(): loading, building and reading the click log stop at their next step.
  const closing = new AbortController();
  interface Attempt {
    state: Promise<EngineState>;
    failedAt?: number;
  }
  const attempts = new Map<string, Attempt>();
  const attempt = (name: string, after: Promise<unknown>): Attempt => {
    const started: Attempt = {
      state: after.then(() => startEngine(name, configs.get(name)!, dataDir, onIndexReady, closing.signal)),
    };
    // Failures surface when the engine is used; never as an unhandled rejection.
    started.state.catch(() => {
      started.failedAt = performance.now();
    });
    attempts.set(name, started);
    return started;
  };
  // One engine after another: building several big indexes at once would only compete for the same cores.
  let previous: Promise<unknown> = Promise.resolve();
  const start = (name: string) => {
    previous = attempt(name, previous).state.catch(() => undefined);
  };
  names.forEach(start);

  const clickStore = createClickStore(join(dataDir, 'clicks.jsonl'), {
    normalise: (engine, query) => normaliseQuery(query, configOf(engine)?.analyzer),
    compactAboveBytes: clickLogCompactAboveBytes,
    signal: closing.signal,
  });
  clickStore.loaded.catch((error: Error) => {
    if (!closing.signal.aborted) console.error(`search: the click log in ${dataDir} could not be read: ${error.message}`);
  });
  const issued = new IssuedRequests();

  const engineState = async (engine: string): Promise<EngineState> => {
    let current = configOf(engine) ? attempts.get(engine) : undefined;
    if (!current) throw new UnknownEngineError(engine);
    if (closing.signal.aborted) throw new BackendError('The search backend is shutting down.');
    if (current.failedAt !== undefined && performance.now() - current.failedAt >= retryAfterMs)
      current = attempt(engine, Promise.resolve());
    try {
      return await current.state;
    } catch (error) {
      if (closing.signal.aborted) throw new BackendError('The search backend is shutting down.');
      throw new BackendError(`The search index of this engine could not be prepared: ${(error as Error).message}`);
    }
  };

  /** Compacts an engine's index once it has drifted far from a flat one (soon after the write, not during it). */
  const compactSoon = (engine: string, state: EngineState) => {
    const { index } = state;
    if (index.drift < Math.max(COMPACT_AFTER_DRIFT, index.entries / 4) || state.pending) return;
    setImmediate(() => {
      if (state.index !== index || state.pending || closing.signal.aborted || configOf(engine) === undefined) return;
      state.index = index.compacted();
    });
  };

  const applyChange = (state: EngineState, index: EngineIndex, change: DocumentsChange): boolean[] => {
    if (change.put && change.put.length > 0) index.put(change.put, change.analysed);
    const removed = change.remove && change.remove.length > 0 ? index.remove(change.remove, change.analysed) : [];
    state.suggestions.clear();
    return removed;
  };

  return {
    name: 'embedded',
    engines: names,

    async write(engine, change) {
      const state = await engineState(engine);
      const removed = applyChange(state, state.index, change);
      state.written = true;
      state.pending?.push(change);
      compactSoon(engine, state);
      return removed;
    },

    async heldDocuments(engine, ids) {
      const { index } = await engineState(engine);
      return { documents: ids.map((id) => index.heldDocument(id)), fields: index.text.fields };
    },

    addEngine(name, source) {
      configure(name, source);
      start(name);
    },

    async dropEngine(name) {
      const current = attempts.get(name);
      if (!configs.delete(name)) return;
      names.splice(names.indexOf(name), 1);
      attempts.delete(name);
      await current?.state.catch(() => undefined);
      await rm(indexFile(dataDir, name), { force: true });
    },

    async setTextFields(engine, text) {
      const config = configOf(engine);
      if (!config) throw new UnknownEngineError(engine);
      const state = await engineState(engine);
      config.text = text;
      if (state.index.extendTextFields(text)) {
        state.suggestions.clear();
        return;
      }
      // Re-indexed from the documents as they are now; writes meanwhile reach the current index and are kept for
      // the new one, which takes them before it replaces the current.
      state.pending = [];
      try {
        const documents = state.index.documents.filter((_, position) => state.index.isLive(position));
        const rebuilt = await buildEngineIndex(documents, config.analyzer, closing.signal, text);
        for (const change of state.pending) applyChange(state, rebuilt, change);
        state.index = rebuilt;
        state.written = true;
        state.suggestions.clear();
      } finally {
        state.pending = undefined;
      }
    },
    async ready() {
      await Promise.all(names.map(engineState));
      await clickStore.loaded.catch(() => undefined);
    },
    indexStatus: async (engine) => (await engineState(engine)).status,
    languageOf(engine) {
      const config = configOf(engine);
      if (!config) throw new UnknownEngineError(engine);
      return config.analyzer.language;
    },

    async search(engine: string, request: ApiSearchRequest, signal?: AbortSignal): Promise<ApiSearchResponse> {
      const { index } = await engineState(engine);
      try {
        return runSearch(index, engine, request, issued.issue(engine), signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new BackendError(`The search failed: ${(error as Error).message}`);
      }
    },

    async suggest(engine: string, request: ApiQuerySuggestionRequest, signal?: AbortSignal): Promise<ApiQuerySuggestionResponse> {
      const state = await engineState(engine);
      signal?.throwIfAborted();
      const { analyzer, vocabulary } = state.index;
      const suggestions = suggestionIndex(state, suggestionFields(request, state.index.text));
      const size = Math.min(MAX_SUGGESTIONS, Math.max(1, Math.floor(request.size ?? DEFAULT_SUGGESTION_SIZE)));
      const found = suggestions.suggest(request.query ?? '', {
        size,
        // While the click log is still being read at start, the clicks read so far.
        popular: clickStore.popularQueries(engine),
        // Stop words are not indexed, yet belong in queries ("register your dog").
        isKnownWord: (word) => analyzer.isStopWord(word) || vocabulary.hasWord(word),
        spellingOf: (word) => vocabulary.surfaceOf(word),
      });
      // Not remembered with the searches' ids: clicks are on documents, which only searches answer with.
      return { results: { documents: found.map((suggestion) => ({ suggestion })) }, meta: { request_id: randomRequestId() } };
    },

    async click(engine: string, click: ApiClickRequest, signal?: AbortSignal): Promise<void> {
      if (!configOf(engine)) throw new UnknownEngineError(engine);
      // A click counts only for an answer this engine gave lately and a document it holds: forged clicks (made-up
      // ids, or posted from elsewhere) cannot push a query into everyone's suggestions.
      if (!issued.has(engine, click.request_id))
        throw new InvalidRequestError('The click does not name a recent search of this engine (request_id).');
      const state = await engineState(engine);
      if (state.index.positionOf(click.document_id) === undefined)
        throw new InvalidRequestError('The clicked document is not in this engine.');
      signal?.throwIfAborted();
      // The same result of the same answer clicked again is one click (accepted, not counted twice).
      if (!issued.firstClick(click.request_id!, click.document_id)) return;
      try {
        await clickStore.record({
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
      closing.abort(new BackendError('The search backend is shutting down.'));
      const states = await Promise.allSettled([...attempts.entries()].map(async ([engine, current]) => [engine, await current.state] as const));
      // Indexes that took writes are saved for the documents they hold, so a restart loads them instead of building.
      for (const settled of states) {
        if (settled.status !== 'fulfilled' || !settled.value[1].written) continue;
        const [engine, state] = settled.value;
        await saveWrittenIndex(engine, state.index, dataDir).catch((error: Error) =>
          console.error(`search: the index of engine "${engine}" was not saved at close (${error.message}); the next start builds it.`),
        );
      }
      await clickStore.flush();
    },
  };
}

async function startEngine(
  engine: string,
  { documents: documentsOf, analyzer, text }: EngineConfig,
  dataDir: string,
  onIndexReady: EmbeddedBackendOptions['onIndexReady'],
  signal: AbortSignal,
): Promise<EngineState> {
  signal.throwIfAborted();
  const started = performance.now();
  const documents = await documentsOf();
  signal.throwIfAborted();
  const { index, source, note } = await loadOrBuildIndex(engine, documents, dataDir, { analyzer, signal, text });
  // The search page opened without words asks for this order first: ready before the first visitor.
  if (text.blankSort) index.orders(text.blankSort);
  const status: IndexReadyEvent = {
    engine,
    source,
    documents: documents.length,
    milliseconds: Math.round(performance.now() - started),
    ...(note ? { note } : {}),
  };
  const state: EngineState = { index, status, suggestions: new Map() };
  // Titles are what suggestions come from unless a request asks otherwise: ready before the first keystroke.
  suggestionIndex(state, defaultSuggestionFields(text));
  signal.throwIfAborted();
  onIndexReady?.(status);
  return state;
}

/** The suggestion index of these fields, built on first use and kept. */
function suggestionIndex(state: EngineState, fields: readonly string[]): SuggestionIndex {
  const key = fields.join(',');
  let suggestions = state.suggestions.get(key);
  if (!suggestions) {
    const { index } = state;
    suggestions = buildSuggestionIndex(
      index.documents.flatMap((document, position) =>
        index.isLive(position) ? fields.map((field) => textOf((document as unknown as Record<string, unknown>)[field])) : [],
      ),
      index.analyzer,
    );
    state.suggestions.set(key, suggestions);
  }
  return suggestions;
}

/** Suggestions come from the title field, else the most weighted text field. */
function defaultSuggestionFields(text: TextFields): string[] {
  if (text.titleField) return [text.titleField];
  const [top] = [...text.fields].sort((a, b) => (text.weights[b] ?? 1) - (text.weights[a] ?? 1));
  return top === undefined ? [] : [top];
}

/** A field's value as suggestion text: strings, and lists of strings joined. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join('\n');
  return '';
}

/** The text fields suggestions come from: those asked for (`types.documents.fields`), else the default ones. */
function suggestionFields(request: ApiQuerySuggestionRequest, text: TextFields): string[] {
  const asked = request.types?.documents?.fields ?? [];
  const fields = text.fields.filter((field) => asked.includes(field));
  return fields.length > 0 ? fields : defaultSuggestionFields(text);
}

function randomRequestId(): string {
  return randomUUID().replaceAll('-', '');
}
