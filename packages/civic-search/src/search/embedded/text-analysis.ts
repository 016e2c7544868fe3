import { stemmer } from 'stemmer';

/**
 * English text analysis shared by indexing, querying, snippets and suggestions: words are split on anything that is
 * not a letter or digit, lowercased, stripped of diacritics, stop words dropped, and reduced to a stem (Porter).
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

/** Lowercase, no diacritics, no possessive: "Māori’s" → "maori". Plain ASCII words take a fast path. */
export function normaliseWord(word: string): string {
  let normalised = word.toLowerCase();
  if (PLAIN_WORD.test(normalised)) return normalised;
  if (NON_ASCII.test(normalised)) normalised = normalised.normalize('NFD').replace(DIACRITICS, '');
  if (normalised.includes("'") || normalised.includes('’')) normalised = normalised.replace(/['’]s$/, '').replace(/['’]/g, '');
  return normalised;
}

/** The words of a text, in order, normalised (stop words kept). */
export function words(text: string): string[] {
  return (text.match(WORD) ?? []).map(normaliseWord);
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
  return text.match(WORD) ?? [];
}
