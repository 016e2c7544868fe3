import type { ApiFacetResponse, ApiResult, ApiSearchRequest, ApiSearchResponse, ApiValueFacetData } from 'civic-elements/core';
import { randomBytes } from 'node:crypto';
import type { BoostedSearchRequest } from '../relevance/rules';
import { InvalidRequestError, type SearchBackend } from '../search/types';
import type { MetaEngines } from './meta-engines';
import { metaIdOf, promotedResults, type MetaCurationOf } from './meta-curations';
import { sourceSearch, type MetaSettings } from './meta-settings';

/** App Search marks a meta engine's result ids with their source engine: `source|id`. */
export const ID_SEPARATOR = '|';
const DEFAULT_PAGE_SIZE = 10;
/** Recent meta searches whose sources' request ids are remembered, for the clicks on their results. */
const REMEMBERED_SEARCHES = 10_000;

/** A source's result as a meta engine shows it: its id prefixed with the source, `_meta` naming the source. */
function fromSource(source: string, result: ApiResult): ApiResult {
  const id = String(result._meta?.id ?? (result.id as { raw?: unknown } | undefined)?.raw);
  return { ...result, id: { raw: `${source}${ID_SEPARATOR}${id}` }, _meta: { ...result._meta, id, engine: source } };
}

/** A meta engine's own rules: its curations, and its search settings. */
export interface MetaEngineRules extends Partial<MetaSettings> {
  curationOf?: MetaCurationOf;
}

/** What a source that cannot match the query answers: nothing. */
function noMatches(source: string, size: number): ApiSearchResponse {
  return {
    meta: {
      alerts: [],
      warnings: [],
      page: { current: 1, size, total_pages: 0, total_results: 0 },
      engine: { name: source, type: 'default' },
      request_id: '',
    },
    results: [],
  };
}

/** Facets of the sources added together: counts of one value (or one range) summed, the most frequent first. */
function mergedFacets(answers: readonly ApiSearchResponse[]): Record<string, ApiFacetResponse[]> | undefined {
  const withFacets = answers.filter((answer) => answer.facets);
  if (withFacets.length === 0) return undefined;
  const merged: Record<string, ApiFacetResponse[]> = {};
  for (const answer of withFacets) {
    for (const [field, facets] of Object.entries(answer.facets!)) {
      const into = (merged[field] ??= []);
      facets.forEach((facet, index) => {
        const target = (into[index] ??= { ...facet, data: [] });
        for (const entry of facet.data) {
          const key =
            'value' in entry ? JSON.stringify((entry as ApiValueFacetData).value) : JSON.stringify([entry.from, entry.to, entry.name]);
          const same = target.data.find((seen) =>
            'value' in seen
              ? JSON.stringify((seen as ApiValueFacetData).value) === key
              : JSON.stringify([seen.from, seen.to, seen.name]) === key,
          );
          if (same) same.count += entry.count;
          else target.data.push({ ...entry });
        }
      });
    }
  }
  for (const facets of Object.values(merged)) {
    for (const facet of facets) if (facet.type === 'value') facet.data.sort((a, b) => b.count - a.count);
  }
  return merged;
}

/**
 * A search backend that answers for meta engines too: a search of a meta engine is run on each of its sources, and
 * their results merged by score into the page asked for, each result marked as App Search marks it (`_meta.engine`,
 * and its id prefixed `source|`). Facets are added together; totals are the sums. A click names a result by the
 * prefixed id and goes to its source. Searches of other engines pass through unchanged. The backend below is any
 * (embedded or cluster): this works above it.
 *
 * The meta engine's own rules apply to its merged results, as App Search applies them: its curation, and its search
 * settings (weights, result fields, boosts) in place of each source's, so one set of weights ranks every source.
 */
export function withMetaSearch(backend: SearchBackend, metas: MetaEngines, own: MetaEngineRules = {}): SearchBackend {
  const { curationOf, settingsOf, schemaOf } = own;
  const sourcesOf = async (engine: string) => (await metas.get(engine))?.source_engines;
  // A meta search answers with a request id of its own; a click that names it is sent to the result's source with
  // the id of the search that source answered, so the source can tie the click to its search.
  const sourceRequestIds = new Map<string, Map<string, string>>();
  const remember = (sources: readonly string[], answers: readonly ApiSearchResponse[]) => {
    const requestId = randomBytes(16).toString('hex');
    sourceRequestIds.set(requestId, new Map(sources.map((source, index) => [source, answers[index].meta.request_id])));
    if (sourceRequestIds.size > REMEMBERED_SEARCHES) sourceRequestIds.delete(sourceRequestIds.keys().next().value!);
    return requestId;
  };
  return {
    name: backend.name,
    async search(engine, request, signal) {
      const sources = await sourcesOf(engine);
      if (!sources) return backend.search(engine, request, signal);
      if (request.sort !== undefined) {
        throw new InvalidRequestError('sort is not served on meta engines: their results are ranked by relevance across their sources.');
      }
      if (request.group !== undefined) {
        throw new InvalidRequestError('group is not served on meta engines: each source would group its own results apart.');
      }
      const current = request.page?.current ?? 1;
      const size = request.page?.size ?? DEFAULT_PAGE_SIZE;
      // Each source's best results down to the end of the page asked for: enough to merge that page exactly.
      const deep: BoostedSearchRequest = { ...request, page: { current: 1, size: current * size } };
      const settings = await settingsOf?.(engine);
      const answers = await Promise.all(
        sources.map((source) => {
          const asked = settings ? sourceSearch(deep, settings, schemaOf?.(source) ?? {}) : deep;
          return asked ? backend.search(source, asked, signal) : noMatches(source, current * size);
        }),
      );
      // The meta engine's own curation: its promoted documents first, in order, and its hidden ones never shown, with
      // the fields its settings show.
      const curation = await curationOf?.(engine, request.query ?? '');
      const shownFields = request.result_fields ?? settings?.result_fields;
      const shown: ApiSearchRequest = {
        ...request,
        ...(shownFields && Object.keys(shownFields).length > 0 && { result_fields: shownFields }),
      };
      const promoted = curation ? await promotedResults(backend, sources, curation, shown, fromSource, signal) : [];
      const dropped = new Set([...(curation?.hidden ?? []), ...promoted.map(metaIdOf)]);
      const merged = answers
        .flatMap((answer, index) => answer.results.map((result) => fromSource(sources[index], result)))
        .sort((a, b) => (b._meta.score ?? 0) - (a._meta.score ?? 0));
      const organic = merged.filter((result) => !dropped.has(metaIdOf(result)));
      const ranked = [...promoted, ...organic];
      // Documents taken out are known only down to the page asked for: the total is exact when they all rank there.
      const sourceTotal = answers.reduce((sum, answer) => sum + answer.meta.page.total_results, 0);
      const total = sourceTotal - (merged.length - organic.length) + promoted.length;
      const facets = mergedFacets(answers);
      return {
        meta: {
          alerts: answers.flatMap((answer) => answer.meta.alerts),
          warnings: [...new Set(answers.flatMap((answer) => answer.meta.warnings))],
          ...(answers[0]?.meta.precision !== undefined && { precision: answers[0].meta.precision }),
          page: { current, size, total_results: total, total_pages: Math.ceil(total / size) },
          engine: { name: engine, type: 'meta' },
          request_id: remember(sources, answers),
        },
        results: ranked.slice((current - 1) * size, current * size),
        ...(facets && { facets }),
      };
    },
    async suggest(engine, request, signal) {
      const sources = await sourcesOf(engine);
      if (!sources) return backend.suggest(engine, request, signal);
      const answers = await Promise.all(sources.map((source) => backend.suggest(source, request, signal)));
      const longest = Math.max(...answers.map((answer) => answer.results.documents.length));
      // Taken in turn from each source, so every source's best suggestion comes before any source's second.
      const suggestions: string[] = [];
      for (let rank = 0; rank < longest; rank++) {
        for (const answer of answers) {
          const suggestion = answer.results.documents[rank]?.suggestion;
          if (suggestion !== undefined && !suggestions.includes(suggestion)) suggestions.push(suggestion);
        }
      }
      return {
        results: { documents: suggestions.slice(0, longest).map((suggestion) => ({ suggestion })) },
        meta: { request_id: answers[0]?.meta.request_id ?? '' },
      };
    },
    async click(engine, click, signal) {
      const sources = await sourcesOf(engine);
      if (!sources) return backend.click(engine, click, signal);
      const separator = click.document_id.indexOf(ID_SEPARATOR);
      const source = separator > 0 ? click.document_id.slice(0, separator) : '';
      if (!sources.includes(source)) {
        throw new InvalidRequestError('A click on a meta engine names a result by its id there: "source-engine|document-id".');
      }
      const requestId = click.request_id && sourceRequestIds.get(click.request_id)?.get(source);
      return backend.click(
        source,
        { ...click, document_id: click.document_id.slice(separator + 1), ...(requestId && { request_id: requestId }) },
        signal,
      );
    },
    ...(backend.close && { close: () => backend.close!() }),
  };
}
