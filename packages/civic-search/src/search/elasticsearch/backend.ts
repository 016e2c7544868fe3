import { randomUUID } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import { SUGGESTIONS_SHOWN } from '../../../../../src/core/constants';
import { BackendError, type SearchBackend } from '../types';
import { toBackendError } from './backend-errors';
import { clicksIndex, documentsIndex } from './mapping';
import { searchRequestToBody } from './search-dsl';
import { searchResponseToApi } from './search-response';
import { suggestionRequestToBody, suggestionsFromResponse } from './suggest-dsl';

export interface ElasticsearchBackendOptions {
  /** A configured client (see createElasticsearchClient). */
  client: Client;
  /** Index names start with this: `<prefix>-<engine>`, `<prefix>-clicks`. */
  indexPrefix: string;
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toBackendError(error);
  }
}

/** A search answer must at least hold a list of hits (a proxy in front of the cluster may answer anything). */
function withHits<T extends { hits?: { hits?: unknown } }>(response: T): T {
  if (!response || typeof response !== 'object' || !Array.isArray(response.hits?.hits)) {
    throw new BackendError('Elasticsearch sent an answer that could not be read');
  }
  return response;
}

/**
 * The Elasticsearch backend: App Search requests translated to the Query DSL (search-dsl.ts, suggest-dsl.ts),
 * answers translated back (search-response.ts), clicks indexed into `<prefix>-clicks`.
 */
export function createElasticsearchBackend({ client, indexPrefix }: ElasticsearchBackendOptions): SearchBackend {
  return {
    name: 'elasticsearch',
    async search(engine, request, signal) {
      const index = documentsIndex(indexPrefix, engine);
      const response = await translated(() =>
        client.search<Record<string, unknown>>({ index, ...searchRequestToBody(request) }, { signal }),
      );
      return searchResponseToApi(withHits(response), request, engine, randomUUID());
    },
    async suggest(engine, request, signal) {
      const requestId = randomUUID();
      if (!request.query.trim()) return { results: { documents: [] }, meta: { request_id: requestId } };
      const index = documentsIndex(indexPrefix, engine);
      const response = await translated(() =>
        client.search<{ title?: unknown }>({ index, ...suggestionRequestToBody(request) }, { signal }),
      );
      const suggestions = suggestionsFromResponse(withHits(response), request.size ?? SUGGESTIONS_SHOWN);
      return { results: { documents: suggestions.map((suggestion) => ({ suggestion })) }, meta: { request_id: requestId } };
    },
    async click(engine, click, signal) {
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
