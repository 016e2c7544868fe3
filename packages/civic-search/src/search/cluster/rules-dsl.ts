import type { estypes } from '@elastic/elasticsearch';
import { PROXIMITY_HALF_DISTANCE, centerOf, type Boost, type FieldBoosts } from '../../relevance/boosts';
import type { SearchRules } from '../../relevance/rules';
import { valueField, type EngineLayout } from './engine-layout';

type Query = estypes.QueryDslQueryContainer;
type ScoreFunction = estypes.QueryDslFunctionScoreContainer;

/**
 * The words of a search under the operator's rules, as the Query DSL: the query or any synonym alternative
 * (dis_max: a document keeps its best match), boosted as the embedded engine boosts (the text score times the
 * multiplying amounts, plus the adding ones), with the promoted documents first in their order.
 * `textQuery` makes the words' query for one spelling of the search.
 */
export function wordsUnderRules(rules: SearchRules | undefined, layout: EngineLayout, textQuery: (query?: string) => Query): Query {
  let query = textQuery();
  if (!rules) return query;
  if (rules.alternatives?.length)
    query = { dis_max: { queries: [query, ...rules.alternatives.map((alternative) => textQuery(alternative))] } };
  if (rules.boosts?.length) query = boosted(query, rules.boosts, layout, rules.now ?? Date.now());
  const hidden = new Set(rules.hidden);
  const promoted = (rules.promoted ?? []).filter((id) => !hidden.has(id));
  if (promoted.length > 0) query = promotedFirst(query, promoted);
  return query;
}

/**
 * Far above any score the words and boosts give, so a promoted document always ranks above every other one; each
 * promoted document one step above the next keeps the curation's order.
 */
const PROMOTED_STEP = 1e9;

/**
 * The promoted documents first, in their order, whether the words match them or not, then the words' results.
 * Built from `bool`, `ids` and `constant_score`, which every engine of the family has: Elasticsearch's `pinned`
 * query does the same, but OpenSearch has no `pinned`.
 */
function promotedFirst(organic: Query, promoted: readonly string[]): Query {
  const pins = promoted.map((id, index) => ({
    constant_score: { filter: { ids: { values: [id] } }, boost: PROMOTED_STEP * (promoted.length - index) },
  }));
  return { bool: { should: [organic, ...pins], minimum_should_match: 1 } };
}

/** Documents a curation hides for this search, as a must_not clause. */
export function hiddenQuery(rules: SearchRules | undefined): Query | undefined {
  return rules?.hidden?.length ? { ids: { values: rules.hidden } } : undefined;
}

/** Adds nothing (or multiplies by 1) for every document, so one lacking every boosted value keeps its score. */
const NEUTRAL_ADD: ScoreFunction = { weight: 0 };
const NEUTRAL_MULTIPLY: ScoreFunction = { weight: 1 };

function boosted(query: Query, boosts: readonly FieldBoosts[], layout: EngineLayout, now: number): Query {
  const multiplying: ScoreFunction[] = [];
  const adding: ScoreFunction[] = [];
  for (const { field, type, boosts: list } of boosts) {
    for (const boost of list) {
      const scoreFunction = functionOf(boost, field, type, layout, now);
      if (boost.type !== 'proximity' && boost.operation === 'multiply') multiplying.push(scoreFunction);
      else adding.push(scoreFunction);
    }
  }
  let scored = query;
  if (multiplying.length > 0) {
    scored = {
      function_score: { query: scored, functions: [NEUTRAL_MULTIPLY, ...multiplying], score_mode: 'multiply', boost_mode: 'multiply' },
    };
  }
  if (adding.length > 0) {
    scored = { function_score: { query: scored, functions: [NEUTRAL_ADD, ...adding], score_mode: 'sum', boost_mode: 'sum' } };
  }
  return scored;
}

/** Proximity scales as Elasticsearch's decay functions take them (where the amount halves). */
const DECAY_SCALE = {
  number: PROXIMITY_HALF_DISTANCE.number,
  date: `${PROXIMITY_HALF_DISTANCE.date / 86_400_000}d`,
  geolocation: `${PROXIMITY_HALF_DISTANCE.geolocation}km`,
};

function functionOf(boost: Boost, field: string, type: FieldBoosts['type'], layout: EngineLayout, now: number): ScoreFunction {
  const factor = boost.factor ?? 1;
  // A document without the field gets nothing from its boost (decay functions would otherwise give it the most).
  const filter: Query = { exists: { field } };
  if (boost.type === 'value') {
    const values = Array.isArray(boost.value) ? boost.value : [boost.value];
    return { filter: { terms: { [valueField(layout, field)]: values } }, weight: factor };
  }
  if (boost.type === 'functional') {
    if (boost.function === 'linear') return { filter, field_value_factor: { field, factor, modifier: 'none' } };
    const source =
      boost.function === 'logarithmic'
        ? 'params.factor * Math.log1p(Math.max(0, doc[params.field].value))'
        : 'params.factor * Math.exp(Math.min(doc[params.field].value, 700))';
    return { filter, script_score: { script: { source, params: { field, factor } } } };
  }
  const center = centerOf(boost.center, type, now);
  const origin = type === 'date' ? new Date(center as number).toISOString() : Array.isArray(center) ? `${center[0]},${center[1]}` : center;
  const decay = { [field]: { origin, scale: DECAY_SCALE[type as keyof typeof DECAY_SCALE], decay: 0.5 } };
  const shape = boost.function === 'gaussian' ? 'gauss' : boost.function === 'exponential' ? 'exp' : 'linear';
  return { filter, [shape]: decay, weight: factor } as ScoreFunction;
}
