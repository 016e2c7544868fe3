import type { ApiSearchRequest } from '../../../../../src/core/search/app-search-api';
import { boostedScore } from '../../relevance/boosts';
import type { SearchRules } from '../../relevance/rules';
import type { DocSet } from './doc-set';
import type { EngineIndex } from './engine-index';
import { matchText, type TextMatches } from './text-query';

/**
 * Text matches under the operator's rules. Without rules this is `matchText` itself (scores unchanged to the bit).
 * With synonyms, the query and each alternative are matched and a document keeps its best score; boosts then change
 * the scores; hidden documents are left out.
 */
export function matchWithRules(
  index: EngineIndex,
  request: ApiSearchRequest,
  rules: SearchRules | undefined,
  signal?: AbortSignal,
): TextMatches {
  const query = request.query ?? '';
  let matches = matchText(index, query, request.search_fields, signal);
  if (!rules) return matches;
  for (const alternative of rules.alternatives ?? []) {
    signal?.throwIfAborted();
    matches = bestOf(matches, matchText(index, alternative, request.search_fields, signal));
  }
  if (!matches.ranked) return matches;
  const hidden = new Set((rules.hidden ?? []).map((id) => index.positionOf(id)));
  if (hidden.size > 0) matches = without(matches, (position) => hidden.has(position));
  if (rules.boosts?.length) {
    const { positions, scores } = matches;
    const now = rules.now ?? Date.now();
    for (let i = 0; i < positions!.length; i++) {
      const reader = index.readers[positions![i]];
      scores![i] = boostedScore(scores![i], rules.boosts, (field) => reader(field), now);
    }
  }
  return matches;
}

/** Both sets of matches, each document with the better of its two scores. */
function bestOf(a: TextMatches, b: TextMatches): TextMatches {
  if (!b.ranked) return a;
  if (!a.ranked) return b;
  const at = new Map<number, number>();
  const positions = Array.from(a.positions!);
  const scores = Array.from(a.scores!);
  positions.forEach((position, i) => at.set(position, i));
  b.positions!.forEach((position, j) => {
    const i = at.get(position);
    if (i === undefined) {
      at.set(position, positions.length);
      positions.push(position);
      scores.push(b.scores![j]);
    } else if (b.scores![j] > scores[i]) scores[i] = b.scores![j];
  });
  return {
    ranked: true,
    positions: Int32Array.from(positions),
    scores: Float64Array.from(scores),
    termsOf: (position) => [...new Set([...a.termsOf(position), ...b.termsOf(position)])],
  };
}

function without(matches: TextMatches, drop: (position: number) => boolean): TextMatches {
  const positions: number[] = [];
  const scores: number[] = [];
  matches.positions!.forEach((position, i) => {
    if (drop(position)) return;
    positions.push(position);
    scores.push(matches.scores![i]);
  });
  return { ...matches, positions: Int32Array.from(positions), scores: Float64Array.from(scores) };
}

/**
 * The promoted documents a search shows first, in the curation's order: those the engine holds, live and passing
 * the request's filters (a promoted page is shown whether its words match or not, but never outside a filter).
 * They are taken out of `matches`, so no page shows one twice.
 */
export function promotedFirst(
  index: EngineIndex,
  matches: TextMatches,
  rules: SearchRules | undefined,
  passing: DocSet | undefined,
): { promoted: number[]; organic: TextMatches } {
  if (!rules?.promoted?.length || !matches.ranked) return { promoted: [], organic: matches };
  const promoted: number[] = [];
  const hidden = new Set(rules.hidden);
  for (const id of rules.promoted) {
    if (hidden.has(id)) continue;
    const position = index.positionOf(id);
    if (position === undefined || !index.isLive(position) || (passing && !passing.has(position)) || promoted.includes(position)) continue;
    promoted.push(position);
  }
  const chosen = new Set(promoted);
  return { promoted, organic: chosen.size > 0 ? without(matches, (position) => chosen.has(position)) : matches };
}
