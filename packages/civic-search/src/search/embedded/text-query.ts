import type { ApiSearchRequest } from 'civic-elements/core';
import { titleKey, type EngineIndex, type TextFields } from './engine-index';
import { hasTerm, type DerivedTerm, type FieldBoost, type TermLeaf, type WordPlan } from './term-scorer';
import type { TextAnalyzer } from './languages';
import { englishAnalyzer } from './text-analysis';
import { precisionLevel, wordsRequired as wordsRequiredAt, type PrecisionLevel } from '../precision';

/** The documents a query matched, with their relevance. */
export interface TextMatches {
  /** False when the query had no words to search for: every document matched, unranked (`positions` absent). */
  ranked: boolean;
  /** Positions of the matched documents, in no particular order; absent: every document. */
  positions?: Int32Array;
  /** Relevance by match (parallel to `positions`). */
  scores?: Float64Array;
  /** The index terms (stems) the document at `position` matched on, for its snippets. */
  termsOf(position: number): string[];
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
  /** Weight of a typo variant, scaled by length / (length + edits) (MiniSearch's default). */
  fuzzyWeight: 0.45,
  /** The most edits of a typo (MiniSearch's default `maxFuzzy`). */
  maxFuzzy: 6,
  /** The most completions of the last word searched. */
  prefixExpansions: 30,
  /** The last word is completed from this many letters. */
  prefixMinLength: 2,
});

/**
 * How many of a query's words a document needs at the default precision, as the cluster backends'
 * `minimum_should_match: "2<75%"`, so both backends agree: one or two words, all of them; more, three in four.
 */
export function wordsRequired(wordCount: number): number {
  return wordsRequiredAt(wordCount);
}

const EVERY_DOCUMENT: TextMatches = Object.freeze({ ranked: false, termsOf: () => [] });

/**
 * Full-text matches for a query. Words are stemmed; a word no document has gets typo tolerance; the last word also
 * matches words it begins (unless the query ends with a space). A document needs `wordsRequired` of the words
 * (AND-ish); each word it lacks costs a large share of its score, and an exact title match multiplies it. Scores
 * are MiniSearch's BM25+ with field boosts. A blank query (or one of stop words only) matches every document.
 * The precision level sets how many words are needed and whether typos and completions count.
 */
export function matchText(
  index: EngineIndex,
  query: string,
  searchFields?: ApiSearchRequest['search_fields'],
  signal?: AbortSignal,
  precision?: number,
): TextMatches {
  const level = precisionLevel(precision);
  const plan = planWords(index, query, level);
  if (plan.length === 0) return EVERY_DOCUMENT;

  const required = wordsRequiredAt(plan.length, level);
  const fields = fieldBoosts(index.text, searchFields);
  const { positions, scores, covered, derivedTerms } = index.scorer.score(plan, required, fields, signal);
  const exactTitle = new Set(index.titles.get(titleKey(query, index.analyzer)) ?? []);
  for (let i = 0; i < positions.length; i++) {
    if (required < plan.length) scores[i] *= Math.pow(RANKING.partialMatch, plan.length - covered[i]);
    if (exactTitle.has(positions[i])) scores[i] *= RANKING.exactTitle;
  }
  const { postings } = index;
  return {
    ranked: true,
    positions,
    scores,
    termsOf: (position) => derivedTerms.filter((term) => hasTerm(postings, term, position, fields)).map((term) => postings.terms[term]),
  };
}

function planWords(index: EngineIndex, query: string, level: PrecisionLevel): WordPlan[] {
  const { analyzer } = index;
  const all = analyzer.words(query);
  const completesLastWord = level.completions && !/\s$/.test(query);
  const plan: WordPlan[] = [];
  all.forEach((word, i) => {
    const isLast = i === all.length - 1;
    const term = analyzer.isStopWord(word) ? null : analyzer.term(word);
    const expansions =
      isLast && completesLastWord && word.length >= RANKING.prefixMinLength
        ? index.vocabulary.stemsForPrefix(word, RANKING.prefixExpansions)
        : [];
    if (term === null && expansions.length === 0) return;
    plan.push({
      ...(term !== null && { term: termLeaf(index, term, level.typos) }),
      completions: expansions.filter((expansion) => expansion !== term).map((expansion) => completionLeaf(index, expansion)),
    });
  });
  return plan;
}

/** A word's own term: the term when documents have it, otherwise (4+ letters) the terms within its typo distance. */
function termLeaf(index: EngineIndex, term: string, typos: boolean): TermLeaf {
  const derived: DerivedTerm[] = [];
  const id = index.postings.termIds.get(term);
  if (id !== undefined) derived.push({ term: id, weight: 1 });
  const edits = typos ? typoDistance(index, term) : 0;
  if (edits > 0) {
    for (const [variant, [variantId, distance]] of index.termTree.fuzzyGet(term, edits)) {
      if (distance === 0) continue;
      derived.push({ term: variantId, weight: (RANKING.fuzzyWeight * variant.length) / (variant.length + distance) });
    }
  }
  return { source: term, derived, termBoost: 1 };
}

/** A completion of the last word: exactly that stem, worth `RANKING.prefix` of a whole word. */
function completionLeaf(index: EngineIndex, stemmed: string): TermLeaf {
  const id = index.postings.termIds.get(stemmed);
  return { source: stemmed, derived: id === undefined ? [] : [{ term: id, weight: 1 }], termBoost: RANKING.prefix };
}

/** Edits allowed for a typo of `term`: none for words the documents have or short words. */
function typoDistance(index: EngineIndex, term: string): number {
  if (index.vocabulary.hasStem(term) || term.length < RANKING.fuzzyMinLength) return 0;
  return Math.min(RANKING.maxFuzzy, Math.round(term.length * RANKING.fuzziness));
}

function fieldBoosts(text: TextFields, searchFields: ApiSearchRequest['search_fields']): FieldBoost[] {
  const requested = searchFields ? text.fields.filter((field) => field in searchFields) : [];
  const fields = requested.length > 0 ? requested : text.fields;
  // A weight of 0 (or none) counts as 1, as MiniSearch's `boost` does.
  return fields.map((field) => ({
    field: text.fields.indexOf(field),
    boost: (searchFields?.[field]?.weight ?? text.weights[field]) || 1,
  }));
}

/** For snippets: whether a (folded) word of a document matched (its stem is one of the matched terms). */
export function wordMatcher(terms: readonly string[], analyzer: TextAnalyzer = englishAnalyzer): (word: string) => boolean {
  const matched = new Set(terms);
  return (word) => matched.size > 0 && matched.has(analyzer.stem(word));
}
