import { randomUUID } from 'node:crypto';
import type { ClusterClient } from './cluster-client';
import { checkedEngineDefinition, type EngineDefinition } from '../../engines/engine-definition';
import { BackendError, UnknownEngineError, type SearchBackend } from '../types';
import { toBackendError } from './backend-errors';
import { engineLayout, type EngineLayout } from './engine-layout';
import { clicksIndex, documentsIndex } from './mapping';
import { searchRequestToBody } from './search-dsl';
import { searchResponseToApi } from './search-response';
import { suggestionRequestToBody, suggestionsFromResponse } from './suggest-dsl';

export interface ClusterBackendOptions {
  /** A configured client (see createElasticsearchClient). */
  client: ClusterClient;
  /** Index names start with this: `<prefix>-<engine>`, `<prefix>-clicks`. */
  indexPrefix: string;
  /**
   * The engines served, each with its schema (a bare name: an engine of content pages, PAGE_SCHEMA). Any other
   * engine is refused with UnknownEngineError, which the proxy answers 404, without asking Elasticsearch.
   */
  engines: readonly (string | EngineDefinition)[];
}

/** Each engine's layout by name; throws, naming the engine, for one whose name cannot name an index. */
function layoutsOf(engines: readonly (string | EngineDefinition)[], indexPrefix: string): Map<string, EngineLayout> {
  const layouts = new Map<string, EngineLayout>();
  for (const given of engines) {
    const definition = checkedEngineDefinition(given);
    try {
      documentsIndex(indexPrefix, definition.name);
    } catch (error) {
      throw new Error(`engine ${JSON.stringify(definition.name)}: ${(error as Error).message}.`);
    }
    if (layouts.has(definition.name)) throw new Error(`engine ${JSON.stringify(definition.name)} is given twice.`);
    layouts.set(definition.name, engineLayout(definition));
  }
  return layouts;
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toBackendError(error);
  }
}

/** A search answer must at least hold a list of hits (a proxy in front of the cluster may answer anything). */
function withHits<T extends { hits?: { hits?: unknown } }>(response: T, product: string): T {
  if (!response || typeof response !== 'object' || !Array.isArray(response.hits?.hits)) {
    throw new BackendError(`${product} sent an answer that could not be read`);
  }
  return response;
}

/**
 * The Elasticsearch backend: App Search requests translated to the Query DSL for each engine's own fields
 * (search-dsl.ts, suggest-dsl.ts), answers translated back (search-response.ts), clicks indexed into
 * `<prefix>-clicks`. Each engine's index is built by indexEngine() with mappingForEngine()'s mapping.
 */
export function createClusterBackend({ client, indexPrefix, engines }: ClusterBackendOptions): SearchBackend {
  const layouts = layoutsOf(engines, indexPrefix);
  const layoutOf = (engine: string): EngineLayout => {
    const layout = layouts.get(engine);
    if (!layout) throw new UnknownEngineError(engine);
    return layout;
  };
  return {
    name: client.product.toLowerCase(),
    async search(engine, request, signal) {
      const layout = layoutOf(engine);
      const index = documentsIndex(indexPrefix, engine);
      const response = await translated(() =>
        client.search<Record<string, unknown>>({ index, ...searchRequestToBody(request, layout) }, { signal }),
      );
      return searchResponseToApi(withHits(response, client.product), request, engine, randomUUID());
    },
    async suggest(engine, request, signal) {
      const layout = layoutOf(engine);
      const requestId = randomUUID();
      const body = request.query.trim() ? suggestionRequestToBody(request, layout) : undefined;
      if (!body) return { results: { documents: [] }, meta: { request_id: requestId } };
      const index = documentsIndex(indexPrefix, engine);
      const response = await translated(() => client.search<Record<string, unknown>>({ index, ...body }, { signal }));
      const suggestions = suggestionsFromResponse(withHits(response, client.product), request, layout);
      return { results: { documents: suggestions.map((suggestion) => ({ suggestion })) }, meta: { request_id: requestId } };
    },
    async click(engine, click, signal) {
      layoutOf(engine);
      // Acknowledged once written to the translog: a click survives a restart of Elasticsearch or of this server.
      await translated(() =>
        client.index(
          {
            index: clicksIndex(indexPrefix),
            document: {
              engine,
              query: click.query,
              document_id: click.document_id,
              request_id: click.request_id ?? null,
              tags: click.tags ?? [],
              clicked_at: new Date().toISOString(),
            },
          },
          { signal },
        ),
      );
    },
    async close() {
      await client.close();
    },
  };
}
