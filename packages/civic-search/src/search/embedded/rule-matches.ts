import { fieldEffect, type FieldBoosts } from '../../relevance/boosts';
import type { BackendSearchRequest, SearchRules } from '../../relevance/rules';
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
  request: BackendSearchRequest,
  rules: SearchRules | undefined,
  signal?: AbortSignal,
): TextMatches {
  const query = request.query ?? '';
  let matches = matchText(index, query, request.search_fields, signal, request.precision);
  if (!rules) return matches;
  if (rules.alternatives?.length && matches.ranked) {
    const all = [matches];
    for (const alternative of rules.alternatives) {
      signal?.throwIfAborted();
      const found = matchText(index, alternative, request.search_fields, signal, request.precision);
      if (found.ranked) all.push(found);
    }
    matches = bestOf(index.documents.length, all);
  }
  if (!matches.ranked) return matches;
  const hidden = new Set((rules.hidden ?? []).map((id) => index.positionOf(id)));
  if (hidden.size > 0) matches = without(matches, (position) => hidden.has(position));
  if (rules.boosts?.length) boost(index, matches, rules.boosts, rules.now ?? Date.now());
  return matches;
}

/**
 * Applies boosts to the matches' scores. A boost's effect depends only on the field's value, so it is worked out
 * once per distinct value met (the field's column codes) rather than once per matched document.
 */
function boost(index: EngineIndex, matches: TextMatches, boosts: readonly FieldBoosts[], now: number): void {
  const { positions, scores } = matches;
  const product = new Float64Array(positions!.length).fill(1);
  const sum = new Float64Array(positions!.length);
  for (const field of boosts) {
    const column = index.columns(field.field);
    // Worked out on first need: a search matching few documents reads few of the field's values.
    const effects: ({ product: number; sum: number } | undefined)[] = new Array(column.values.length);
    for (let i = 0; i < positions!.length; i++) {
      const code = column.codes[positions![i]];
      if (code < 0) continue;
      const effect = (effects[code] ??= fieldEffect(field, column.values[code], now));
      product[i] *= effect.product;
      sum[i] += effect.sum;
    }
  }
  for (let i = 0; i < positions!.length; i++) scores![i] = scores![i] * product[i] + sum[i];
}

/** Every document any of the matches has, each with its best score. */
function bestOf(size: number, all: readonly TextMatches[]): TextMatches {
  const slot = new Int32Array(size).fill(-1);
  const positions: number[] = [];
  const scores: number[] = [];
  for (const matches of all) {
    matches.positions!.forEach((position, j) => {
      const i = slot[position];
      const score = matches.scores![j];
      if (i < 0) {
        slot[position] = positions.length;
        positions.push(position);
        scores.push(score);
      } else if (score > scores[i]) scores[i] = score;
    });
  }
  return {
    ranked: true,
    positions: Int32Array.from(positions),
    scores: Float64Array.from(scores),
    termsOf: (position) => [...new Set(all.flatMap((matches) => matches.termsOf(position)))],
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
