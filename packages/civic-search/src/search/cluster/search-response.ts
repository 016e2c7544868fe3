import type { estypes } from '@elastic/elasticsearch';
import { type ApiResult, type ApiSearchResponse, MAX_TOTAL_PAGES } from 'civic-elements/core';
import { aggregationsToFacets } from './facets-dsl';
import { DEFAULT_SNIPPET_SIZE, pageWindow } from './search-dsl';
import { PROMOTED_SCORE, type BackendSearchRequest } from '../../relevance/rules';
import { withGroup } from '../grouping';
import { DEFAULT_PRECISION } from '../precision';
import { collapsedOthers, groupCount, groupedHits } from './group-dsl';

export const ENGINE_TYPE = 'elasticsearch';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

function truncated(value: unknown, size: number | undefined): unknown {
  return typeof value === 'string' && size !== undefined && value.length > size ? value.slice(0, size) : value;
}

type Hit = estypes.SearchHit<Record<string, unknown>>;

/** One hit as an App Search result: the asked-for fields (all, if none were asked for) as `{ raw, snippet }`. */
function hitToResult(hit: Hit, request: BackendSearchRequest, engine: string): ApiResult {
  const source = hit._source ?? {};
  const id = hit._id ?? String(source.id ?? '');
  const asked = request.result_fields ?? Object.fromEntries(Object.keys(source).map((field) => [field, { raw: {} }]));
  // A promoted document's score is the huge constant that put it first: it is reported as App Search marks one.
  const score = request.rules?.promoted?.includes(id) ? PROMOTED_SCORE : (hit._score ?? 0);
  const result: ApiResult = { _meta: { id, engine, score }, id: { raw: id } };
  for (const [field, options] of Object.entries(asked)) {
    const value = source[field];
    const entry: { raw?: unknown; snippet?: string | null } = {};
    if (options.raw) entry.raw = truncated(value, options.raw.size);
    if (options.snippet) {
      const highlighted = hit.highlight?.[field]?.[0];
      const fallback = options.snippet.fallback !== false && typeof value === 'string';
      entry.snippet = highlighted ?? (fallback ? escapeHtml(value.slice(0, options.snippet.size ?? DEFAULT_SNIPPET_SIZE)) : null);
    }
    result[field] = entry;
  }
  return result;
}

function totalOf(total: estypes.SearchTotalHits | number | undefined): number {
  if (typeof total === 'number') return total;
  return total?.value ?? 0;
}

/** An Elasticsearch search answer as the App Search answer to `request`. */
export function searchResponseToApi(
  response: estypes.SearchResponse<Record<string, unknown>>,
  request: BackendSearchRequest,
  engine: string,
  requestId: string,
): ApiSearchResponse {
  const { pageSize, current } = pageWindow(request);
  const { group } = request;
  // A collapsed search pages through groups, so its total counts them.
  const totalResults = group?.collapse ? groupCount(response.aggregations) : totalOf(response.hits.total);
  const toResult = (hit: Hit) => hitToResult(hit, request, engine);
  const hits = response.hits.hits;
  const results = !group
    ? hits.map(toResult)
    : group.collapse
      ? hits.map((hit) => withGroup(toResult(hit), collapsedOthers(hit, group).map(toResult)))
      : groupedHits(hits, group).map(({ leader, others }) => withGroup(toResult(leader), others.map(toResult)));
  return {
    meta: {
      alerts: [],
      warnings: [],
      precision: request.precision ?? DEFAULT_PRECISION,
      page: {
        current,
        size: pageSize,
        total_pages: pageSize > 0 ? Math.min(Math.ceil(totalResults / pageSize), MAX_TOTAL_PAGES) : 0,
        total_results: totalResults,
      },
      engine: { name: engine, type: ENGINE_TYPE },
      request_id: requestId,
    },
    results,
    ...(request.facets && { facets: aggregationsToFacets(request.facets, response.aggregations) }),
  };
}
