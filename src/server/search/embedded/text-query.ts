import type { Query, SearchOptions } from 'minisearch';
import type { ApiSearchRequest } from '../../../core/search/app-search-api';
import { DEFAULT_FIELD_WEIGHTS, TEXT_FIELDS, titleKey, type EngineIndex, type TextField } from './engine-index';
import { indexTerm, STOP_WORDS, stem, words } from './text-analysis';

/** A document the query matched, with its relevance and the index terms (stems) it matched on. */
export interface TextMatch {
  id: string;
  score: number;
  terms: readonly string[];
}

export interface TextMatches {
  /** False when the query had no words to search for: every document matched, unranked. */
  ranked: boolean;
  matches: TextMatch[];
}

/** Relevance rules, named. */
export const RANKING = Object.freeze({
  /** Score multiplier for a document whose title is the query. */
  exactTitle: 10,
  /** Multiplier per query word a document lacks (queries of three words or more): documents with every word first. */
  partialMatch: 0.3,
  /** A completion of the last, partly typed word scores this much of a whole-word match. */
  prefix: 0.5,
  /** Words this long or longer get typo tolerance when no document has them: 1 edit, 2 from 8 letters. */
  fuzzyMinLength: 4,
  fuzziness: 0.2,
  /** The most completions of the last word searched. */
  prefixExpansions: 30,
  /** The last word is completed from this many letters. */
  prefixMinLength: 2,
});

interface QueryWord {
  /** The index terms that count as this word (its stem, and completions when it is the last word). */
  accepted: Set<string>;
  query: Query;
}

/**
 * How many of a query's words a document needs, as Elasticsearch's `minimum_should_match: "2<75%"` (the
 * Elasticsearch backend's setting, so both backends agree): one or two words, all of them; more, three in four.
 */
export function wordsRequired(wordCount: number): number {
  return wordCount <= 2 ? wordCount : Math.floor(wordCount * 0.75);
}

/**
 * Full-text matches for a query, best first. Words are stemmed; a word no document has gets typo tolerance; the last
 * word also matches words it begins (unless the query ends with a space). A document needs `wordsRequired` of the
 * words (AND-ish); each word it lacks costs a large share of its score, and an exact title match multiplies it.
 * A blank query (or one of stop words only) matches every document, with score 0, in their order.
 */
export function matchText(index: EngineIndex, query: string, searchFields?: ApiSearchRequest['search_fields']): TextMatches {
  const queryWords = buildQueryWords(index, query);
  if (queryWords.length === 0)
    return { ranked: false, matches: index.documents.map((document) => ({ id: document.id, score: 0, terms: [] })) };

  const required = wordsRequired(queryWords.length);
  const { fields, boost } = fieldWeights(searchFields);
  const results = index.miniSearch.search(
    { combineWith: required === queryWords.length ? 'AND' : 'OR', queries: queryWords.map((word) => word.query) },
    { fields, boost, weights: { fuzzy: 0.45, prefix: RANKING.prefix } },
  );
  const exactTitleIds = new Set(index.titles.get(titleKey(query)) ?? []);

  const matches: TextMatch[] = [];
  for (const result of results) {
    let score = result.score;
    if (required < queryWords.length) {
      const covered = queryWords.filter((word) => result.queryTerms.some((term) => word.accepted.has(term))).length;
      if (covered < required) continue;
      score *= Math.pow(RANKING.partialMatch, queryWords.length - covered);
    }
    if (exactTitleIds.has(result.id as string)) score *= RANKING.exactTitle;
    matches.push({ id: result.id as string, score, terms: result.terms });
  }
  return { ranked: true, matches: matches.sort((a, b) => b.score - a.score) };
}

function buildQueryWords(index: EngineIndex, query: string): QueryWord[] {
  const all = words(query);
  const completesLastWord = !/\s$/.test(query);
  const result: QueryWord[] = [];
  all.forEach((word, i) => {
    const isLast = i === all.length - 1;
    const term = STOP_WORDS.has(word) ? null : indexTerm(word);
    const expansions =
      isLast && completesLastWord && word.length >= RANKING.prefixMinLength
        ? index.vocabulary.stemsForPrefix(word, RANKING.prefixExpansions)
        : [];
    if (term === null && expansions.length === 0) return;
    const accepted = new Set<string>(expansions);
    const queries: Query[] = [];
    if (term !== null) {
      accepted.add(term);
      queries.push({ queries: [word], fuzzy: fuzzinessFor(index, term), prefix: false });
    }
    const completions = expansions.filter((expansion) => expansion !== term);
    if (completions.length > 0) queries.push(completionQuery(completions));
    result.push({ accepted, query: queries.length === 1 ? queries[0] : { combineWith: 'OR', queries } });
  });
  return result;
}

/** Stems searched as they are (not analysed again), each worth `RANKING.prefix` of a whole word. */
function completionQuery(stems: string[]): Query {
  const options: SearchOptions = {
    tokenize: (text) => [text],
    processTerm: (term) => term,
    fuzzy: false,
    prefix: false,
    boostTerm: () => RANKING.prefix,
  };
  return { ...options, combineWith: 'OR', queries: stems };
}

function fuzzinessFor(index: EngineIndex, term: string): number | false {
  if (index.vocabulary.hasStem(term) || term.length < RANKING.fuzzyMinLength) return false;
  return RANKING.fuzziness;
}

function fieldWeights(searchFields: ApiSearchRequest['search_fields']): { fields: TextField[]; boost: Record<string, number> } {
  const requested = searchFields ? TEXT_FIELDS.filter((field) => field in searchFields) : [];
  const fields = requested.length > 0 ? requested : [...TEXT_FIELDS];
  const boost: Record<string, number> = {};
  for (const field of fields) boost[field] = searchFields?.[field]?.weight ?? DEFAULT_FIELD_WEIGHTS[field];
  return { fields, boost };
}

/** For snippets: whether a word of a document matched (its stem is one of the matched terms). */
export function wordMatcher(terms: readonly string[]): (word: string) => boolean {
  const matched = new Set(terms);
  return (word) => matched.size > 0 && matched.has(stem(word));
}
