import { type ApiSearchResponse, type ApiSort, DEFAULT_RESULTS_PER_PAGE } from 'civic-elements/core';
import { PROMOTED_SCORE, type BackendSearchRequest } from '../../relevance/rules';
import type { DocSet } from './doc-set';
import type { EngineIndex } from './engine-index';
import { countAll, countFacets, type CodeCounter } from './facets';
import { filterDocuments } from './filter-sets';
import { buildResult } from './results';
import { firstInOrder, matchComparator } from './sorting';
import { matchWithRules, promotedFirst } from './rule-matches';
import { wordMatcher, type TextMatches } from './text-query';
import { collapsedPage, groupedPage, type PageOrder } from './group-pages';
import { withGroup, type SearchGroup } from '../grouping';
import { DEFAULT_PRECISION } from '../precision';

/** The site's page size unless asked (as the Elasticsearch backend), at most 1,000 a page (App Search's limit). */
export const MAX_PAGE_SIZE = 1000;
/** Results built between checks of the request's signal. */
const RESULTS_BETWEEN_CHECKS = 25;

/** The documents that passed: how many, their facet counts, and the requested page (positions and scores). */
interface Selection {
  total: number;
  countCodes: CodeCounter;
  page: PageOrder;
}

/**
 * Answers one search request against one engine's index, in App Search's response shape. The work is proportional
 * to the matches, not the documents: text matches come from the postings, filters are sets built from the fields'
 * columns, facets count value codes, and only the requested page is put in order and given snippets.
 */
export function runSearch(
  index: EngineIndex,
  engine: string,
  request: BackendSearchRequest,
  requestId: string,
  signal?: AbortSignal,
): ApiSearchResponse {
  signal?.throwIfAborted();
  const matches = matchWithRules(index, request, request.rules, signal);
  signal?.throwIfAborted();
  // Removed documents have no field values, yet a `none` filter would let them through: only live ones pass.
  const filtered = filterDocuments(request.filters, index.columns, index.documents.length);
  const live = filtered && index.liveDocuments();
  const passing = filtered && live ? filtered.and(live) : filtered;

  const size = clamp(request.page?.size ?? DEFAULT_RESULTS_PER_PAGE, 1, MAX_PAGE_SIZE);
  const current = Math.max(1, Math.floor(request.page?.current ?? 1));
  const [start, end] = [(current - 1) * size, current * size];
  const { promoted, organic } = promotedFirst(index, matches, request.rules, passing);
  const [from, to] = [Math.max(0, start - promoted.length), Math.max(0, end - promoted.length)];
  const select = (first: number, last: number) =>
    organic.ranked
      ? selectRanked(index, organic, passing, request.sort, first, last)
      : selectAll(index, passing, request.sort ?? index.text.blankSort ?? [], first, last);
  const { group } = request;
  const selection = group?.collapse ? collapsed(select(0, Infinity), index, group, from, to) : select(from, to);
  if (group && !group.collapse) selection.page = groupedPage(selection.page, index.columns(group.field), group);
  if (promoted.length > 0) putFirst(selection, promoted, start, end);
  signal?.throwIfAborted();
  const facets = request.facets ? countFacets(request.facets, index.columns, selection.countCodes, signal) : undefined;
  signal?.throwIfAborted();

  const { positions, scores, others } = selection.page;
  const resultAt = (position: number, score: number | undefined) =>
    buildResult(
      index.documents[position],
      {
        score: roundScore(score ?? 0),
        isMatch: wordMatcher(matches.termsOf(position), index.analyzer),
        analyzer: index.analyzer,
      },
      engine,
      request.result_fields,
    );
  const results = Array.from(positions, (position, i) => {
    // Results with long snippets are the costly part of a large page: a search past its deadline stops here too.
    if (i % RESULTS_BETWEEN_CHECKS === 0) signal?.throwIfAborted();
    const led = others?.[i];
    const result = resultAt(position, scores?.[i]);
    return led
      ? withGroup(
          result,
          led.positions.map((other, j) => resultAt(other, led.scores?.[j])),
        )
      : result;
  });
  return {
    meta: {
      alerts: [],
      warnings: [],
      precision: request.precision ?? DEFAULT_PRECISION,
      page: { current, size, total_pages: Math.ceil(selection.total / size), total_results: selection.total },
      engine: { name: engine, type: 'default' },
      request_id: requestId,
    },
    results,
    ...(facets ? { facets } : {}),
  };
}

/** Text matches that pass the filters; the page picked by a bounded heap in the order asked (relevance by default). */
function selectRanked(
  index: EngineIndex,
  matches: TextMatches,
  passing: DocSet | undefined,
  sort: ApiSort | undefined,
  start: number,
  end: number,
): Selection {
  let positions = matches.positions!;
  let scores = matches.scores!;
  if (passing) {
    const kept = positions.filter((position) => passing.has(position));
    scores = scores.filter((_, i) => passing.has(positions[i]));
    positions = kept;
  }
  const countCodes: CodeCounter = (column) => {
    const counts = new Int32Array(column.values.length);
    for (const position of positions) {
      const code = column.codes[position];
      if (code >= 0) counts[code]++;
    }
    return counts;
  };
  const compare = matchComparator<number>(
    sort,
    index.ranks,
    (i) => scores[i],
    (i) => positions[i],
  );
  const order = start < positions.length ? firstInOrder(positions.length, end, compare).subarray(start) : new Int32Array(0);
  return {
    total: positions.length,
    countCodes,
    page: { positions: Array.from(order, (i) => positions[i]), scores: Array.from(order, (i) => scores[i]) },
  };
}

/**
 * A collapsed grouped search: every selected document, in order, folded into groups of the field's value; the page
 * and the total count groups. Facets still count documents, as App Search's do.
 */
function collapsed(all: Selection, index: EngineIndex, group: SearchGroup, start: number, end: number): Selection {
  const { total, page } = collapsedPage(all.page, index.columns(group.field), group, start, end);
  return { total, countCodes: all.countCodes, page };
}

/**
 * Promoted documents come before the others on every page, as one list: a page starting inside them shows the rest
 * of them, then the first others; later pages continue where the previous one ended. They are counted in the total
 * and the facets, and scored as App Search marks a promoted result.
 */
function putFirst(selection: Selection, promoted: readonly number[], start: number, end: number): void {
  const shown = promoted.slice(start, end);
  const { positions, scores, others } = selection.page;
  selection.page = {
    positions: [...shown, ...Array.from(positions)],
    scores: [...shown.map(() => PROMOTED_SCORE), ...Array.from(scores ?? [])],
    ...(others && { others: [...shown.map(() => ({ positions: [] })), ...others] }),
  };
  selection.total += promoted.length;
  const countOthers = selection.countCodes;
  selection.countCodes = (column) => {
    const counts = countOthers(column);
    for (const position of promoted) {
      const code = column.codes[position];
      if (code >= 0) counts[code]++;
    }
    return counts;
  };
}

/** Every document that passes the filters (a blank query): the page read from the sort's precomputed order. */
function selectAll(index: EngineIndex, passing: DocSet | undefined, sort: ApiSort, start: number, end: number): Selection {
  const order = index.orders(sort);
  if (!passing) return { total: order.length, countCodes: countAll, page: { positions: order.subarray(start, end) } };
  const page: number[] = [];
  for (let i = 0, seen = 0; i < order.length && seen < end; i++) {
    if (!passing.has(order[i])) continue;
    if (seen >= start) page.push(order[i]);
    seen++;
  }
  const countCodes: CodeCounter = (column) => {
    const counts = new Int32Array(column.values.length);
    passing.forEach((position) => {
      const code = column.codes[position];
      if (code >= 0) counts[code]++;
    });
    return counts;
  };
  return { total: passing.count(), countCodes, page: { positions: page } };
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : min;
}

function roundScore(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
