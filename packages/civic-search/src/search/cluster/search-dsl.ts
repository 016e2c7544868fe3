import type { estypes } from '@elastic/elasticsearch';
import { type ApiSearchRequest, type ApiSortDirection, DEFAULT_RESULTS_PER_PAGE } from 'civic-elements/core';
import { boolQuery } from './bool-query';
import { facetsToAggregations } from './facets-dsl';
import { kindOf, sortField, type EngineLayout } from './engine-layout';
import { filterToQuery } from './filters-dsl';
import { hiddenQuery, wordsUnderRules } from './rules-dsl';
import type { BackendSearchRequest } from '../../relevance/rules';
import { precisionLevel } from '../precision';
import { collapseOf } from './group-dsl';

/** The search request body the client sends (everything but the index). */
export type SearchBody = Omit<estypes.SearchRequest, 'index'>;

/** Short queries need every word; longer ones three words in four (the default precision's rule). */
export const MINIMUM_SHOULD_MATCH = precisionLevel(undefined).minimumShouldMatch;
/** Elasticsearch's default index.max_result_window: from + size may not pass it. */
export const MAX_RESULT_WINDOW = 10_000;
/** App Search's default snippet length. */
export const DEFAULT_SNIPPET_SIZE = 100;
/** Fields that take highlighting; other fields' snippets come from their raw value. */
const HIGHLIGHTED_KINDS = new Set(['text']);

export const RELEVANCE = '_score';

/** The fields searched, as `field^weight`: the request's own, else the engine's (weight 1 needs no suffix). */
function searchFields(request: ApiSearchRequest, layout: EngineLayout): string[] {
  return Object.entries(request.search_fields ?? layout.searchFields).map(([field, { weight }]) =>
    weight === undefined || weight === 1 ? field : `${field}^${weight}`,
  );
}

/**
 * Words are matched in the searched fields with the engine's analyzer (the one its fields are indexed with), as
 * many of them and as loosely as the precision level allows. An engine that searches no text matches nothing for
 * words (Elasticsearch would otherwise try every field).
 */
function textQuery(request: BackendSearchRequest, layout: EngineLayout): estypes.QueryDslQueryContainer {
  const query = request.query.trim();
  if (!query) return { match_all: {} };
  const fields = searchFields(request, layout);
  if (fields.length === 0) return { match_none: {} };
  const level = precisionLevel(request.precision);
  return {
    multi_match: {
      query,
      fields,
      type: 'best_fields',
      analyzer: layout.analysis.analyzer,
      ...(level.typos && { fuzziness: 'AUTO', prefix_length: 1 }),
      minimum_should_match: level.minimumShouldMatch,
    },
  };
}

/** Without a sort: relevance; a search without words has nothing to rank by, so it lists the newest first. */
function defaultSort(request: ApiSearchRequest, layout: EngineLayout): Record<string, ApiSortDirection>[] {
  if (request.query.trim()) return [{ [RELEVANCE]: 'desc' }];
  return layout.browseDateField ? [{ [layout.browseDateField]: 'desc' }] : [];
}

/** The requested order (text by its folded copy), then the document id so pages never overlap. */
function sortOf(request: ApiSearchRequest, layout: EngineLayout): estypes.SortCombinations[] {
  const clauses = request.sort ? (Array.isArray(request.sort) ? request.sort : [request.sort]) : defaultSort(request, layout);
  const sort = clauses.flatMap((clause) =>
    Object.entries(clause).map(([field, order]) => ({ [field === RELEVANCE ? field : sortField(layout, field)]: { order } })),
  );
  return [...sort, { id: { order: 'asc' } }];
}

/** Snippets of searched fields are highlighted: the lead field (a title) whole, others as one fragment. */
function highlightOf(request: ApiSearchRequest, layout: EngineLayout): estypes.SearchHighlight | undefined {
  const fields: Record<string, estypes.SearchHighlightField> = {};
  for (const [field, options] of Object.entries(request.result_fields ?? {})) {
    if (!options.snippet || !HIGHLIGHTED_KINDS.has(kindOf(layout, field) ?? '')) continue;
    fields[field] =
      field === layout.leadField
        ? { number_of_fragments: 0 }
        : { fragment_size: options.snippet.size ?? DEFAULT_SNIPPET_SIZE, number_of_fragments: 1 };
  }
  if (Object.keys(fields).length === 0) return undefined;
  // encoder html escapes the text around the tags, so a snippet is safe HTML with matches in <em>.
  return { encoder: 'html', pre_tags: ['<em>'], post_tags: ['</em>'], fields };
}

/** The page window, kept inside the result window: past it, no results (totals and facets still come back). */
export function pageWindow(request: ApiSearchRequest): { from: number; size: number; pageSize: number; current: number } {
  const pageSize = request.page?.size ?? DEFAULT_RESULTS_PER_PAGE;
  const current = request.page?.current ?? 1;
  const from = (current - 1) * pageSize;
  if (from >= MAX_RESULT_WINDOW) return { from: 0, size: 0, pageSize, current };
  return { from, size: Math.min(pageSize, MAX_RESULT_WINDOW - from), pageSize, current };
}

/** An App Search search request, to the engine `layout` describes, as the Query DSL search body. */
export function searchRequestToBody(request: BackendSearchRequest, layout: EngineLayout): SearchBody {
  const { from, size } = pageWindow(request);
  const highlight = highlightOf(request, layout);
  const hidden = hiddenQuery(request.rules);
  const query = boolQuery({
    must: [wordsUnderRules(request.rules, layout, (query = request.query) => textQuery({ ...request, query }, layout))],
    filter: request.filters ? [filterToQuery(request.filters, layout)] : [],
    mustNot: hidden ? [hidden] : [],
  });
  const sort = sortOf(request, layout);
  const { group } = request;
  // A grouped page needs the grouping field's value to fold its hits, whether or not it is a result field.
  const source = request.result_fields && [...new Set([...Object.keys(request.result_fields), ...(group ? [group.field] : [])])];
  const collapsed = group?.collapse
    ? collapseOf(group, layout, { sort, ...(source && { _source: source }), ...(highlight && { highlight }) })
    : undefined;
  const aggregations = { ...(request.facets && facetsToAggregations(request.facets, layout)), ...collapsed?.aggregations };
  return {
    query,
    from,
    size,
    track_total_hits: true,
    sort,
    ...(source && { _source: source }),
    ...(highlight && { highlight }),
    ...(collapsed && { collapse: collapsed.collapse }),
    ...(Object.keys(aggregations).length > 0 && { aggregations }),
  };
}
