import { stemmer } from 'stemmer';
import type { TextAnalyzer, WordSpan } from './languages';

/**
 * English text analysis shared by indexing, querying, snippets and suggestions: words are split on anything that is
 * not a letter or digit, lowercased, stripped of diacritics, stop words dropped, and reduced to a stem (Porter).
 * The functions below are English's; `englishAnalyzer` gathers them for an engine (see `languages.ts`).
 */

/** Words too common to search on (they still count in snippets and suggestions). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by for from has have if in into is it its of on or our so such that the their then there these ' +
    'they this to was we were will with you your'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const DIACRITICS = /\p{Diacritic}/gu;

const PLAIN_WORD = /^[a-z0-9]+$/;
const NON_ASCII = /\P{ASCII}/u;
const COMBINING_MARK = /\p{M}/u;
const POSSESSIVE = /['’]s$/;

/**
 * Text with its letters composed (NFC) when it has combining marks: "Ma\u0304ori" typed on some keyboards is one
 * word, "Māori", not "Ma" and "ori". Text without marks (nearly all) is returned as it is, at the cost of one scan.
 */
export function composed(text: string): string {
  return COMBINING_MARK.test(text) ? text.normalize('NFC') : text;
}

/** Lowercase, no diacritics, no possessive: "Māori’s" → "maori". Plain ASCII words take a fast path. */
export function normaliseWord(word: string): string {
  let normalised = word.toLowerCase();
  if (PLAIN_WORD.test(normalised)) return normalised;
  if (NON_ASCII.test(normalised)) normalised = normalised.normalize('NFD').replace(DIACRITICS, '');
  if (normalised.includes("'") || normalised.includes('’')) normalised = normalised.replace(POSSESSIVE, '').replace(/['’]/g, '');
  return normalised;
}

/** The words of a text, in order, normalised (stop words kept). */
export function words(text: string): string[] {
  return (composed(text).match(WORD) ?? []).map(normaliseWord);
}

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

/**
 * The stem of a normalised word ("consents" → "consent", "building" → "build"); words with digits or other
 * non-letters ("2026", "e-waste") are kept whole.
 */
export function stem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = /^[a-z]+$/.test(word) ? stemmer(word) : word;
    if (stemCache.size < STEM_CACHE_LIMIT) stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** A single term as the index stores it: normalised and stemmed, or null for a stop word. */
export function indexTerm(term: string): string | null {
  const word = normaliseWord(term);
  if (word === '' || STOP_WORDS.has(word)) return null;
  return stem(word);
}

/** Splits text into raw tokens for the index (each then goes through `indexTerm`). */
export function tokenize(text: string): string[] {
  return composed(text).match(WORD) ?? [];
}

/** A token as suggestions show it: lowercase and composed, diacritics and inner apostrophes kept, no possessive. */
export function surfaceWord(token: string): string {
  const lower = token.toLowerCase();
  if (PLAIN_WORD.test(lower)) return lower;
  return lower.normalize('NFC').replace(POSSESSIVE, '');
}

/** The words of a text where they stand (`text` as given: callers compose it first when they slice it). */
function englishSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const found of text.matchAll(WORD))
    spans.push({ start: found.index, end: found.index + found[0].length, word: normaliseWord(found[0]) });
  return spans;
}

/** English: the analysis above, unchanged, so relevance stays what it was. */
export const englishAnalyzer: TextAnalyzer = Object.freeze({
  language: 'en',
  tokenize,
  fold: normaliseWord,
  isStopWord: (word: string) => STOP_WORDS.has(word),
  stem,
  term: indexTerm,
  words,
  spans: englishSpans,
  surface: surfaceWord,
});
