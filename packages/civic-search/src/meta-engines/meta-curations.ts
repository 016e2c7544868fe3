import type { ApiResult, ApiSearchRequest } from 'civic-elements/core';
import { PROMOTED_SCORE } from '../relevance/rules';
import type { SearchBackend } from '../search/types';

/** What a curation made on a meta engine does to one query: ids are the meta engine's own, `source|id`. */
export interface MetaCuration {
  promoted?: readonly string[];
  hidden?: readonly string[];
}

/** A meta engine's curation of a query, if it has one. */
export type MetaCurationOf = (engine: string, query: string) => Promise<MetaCuration | undefined>;

const SEPARATOR = '|';

/** A merged result's id on the meta engine. */
export function metaIdOf(result: ApiResult): string {
  return `${result._meta.engine}${SEPARATOR}${result._meta.id}`;
}

/**
 * The promoted documents, in the curation's order, fetched from their sources by id (whether the words match them
 * or not, but never outside the request's filters), marked as App Search marks a promoted result. Ids that name no
 * source of the meta engine, or no document of one, are left out.
 */
export async function promotedResults(
  backend: SearchBackend,
  sources: readonly string[],
  curation: MetaCuration,
  request: ApiSearchRequest,
  fromSource: (source: string, result: ApiResult) => ApiResult,
  signal?: AbortSignal,
): Promise<ApiResult[]> {
  const hidden = new Set(curation.hidden ?? []);
  const wanted = (curation.promoted ?? []).filter((id) => !hidden.has(id));
  const bySource = new Map<string, string[]>();
  for (const id of wanted) {
    const at = id.indexOf(SEPARATOR);
    const source = id.slice(0, at);
    if (at < 0 || !sources.includes(source)) continue;
    bySource.set(source, [...(bySource.get(source) ?? []), id.slice(at + 1)]);
  }
  const found = new Map<string, ApiResult>();
  await Promise.all(
    [...bySource].map(async ([source, ids]) => {
      const byId = { id: ids };
      const answer = await backend.search(
        source,
        {
          query: '',
          filters: request.filters ? { all: [byId, request.filters] } : byId,
          page: { size: ids.length },
          ...(request.result_fields && { result_fields: request.result_fields }),
        },
        signal,
      );
      for (const result of answer.results) {
        const marked = fromSource(source, result);
        found.set(metaIdOf(marked), { ...marked, _meta: { ...marked._meta, score: PROMOTED_SCORE } });
      }
    }),
  );
  return wanted.flatMap((id) => found.get(id) ?? []);
}
