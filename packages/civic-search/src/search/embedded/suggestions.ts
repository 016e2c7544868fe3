import { STOP_WORDS, words } from './text-analysis';
import { createVocabulary, type Vocabulary } from './vocabulary';

/** Suggestions shown when the request does not say (App Search's default and the kit's). */
export const DEFAULT_SUGGESTION_SIZE = 5;
/** A query needs this many clicks before it is suggested to everyone. */
export const POPULAR_QUERY_MIN_CLICKS = 2;
/** Completions of the last word looked at, before ranking. */
const COMPLETIONS_CONSIDERED = 40;
/** Two-word phrases offered per completed word. */
const PHRASES_PER_WORD = 2;
/** A completion that never follows the previous word in a title scores this share of its frequency. */
const OUT_OF_CONTEXT = 0.01;

export interface SuggestOptions {
  size?: number;
  /** Normalised query → clicks (click tracking). */
  popular?: ReadonlyMap<string, number>;
  /** Whether the documents use a word: a popular query is only suggested when they use all its words. */
  isKnownWord?: (word: string) => boolean;
}

export interface SuggestionIndex {
  /** Lowercase completions of `query`: its last partial word completed (earlier words kept), best first. */
  suggest(query: string, options?: SuggestOptions): string[];
}

/** The normalised form of a query, as click tracking counts it: lowercase words separated by single spaces. */
export function normaliseQuery(query: string): string {
  return words(query).join(' ');
}

/**
 * Suggestions from the words and two-word phrases of `texts` (titles): each ranked by the number of texts that use
 * it; with earlier words typed, completions that follow the previous word in some title rank first. Popular queries
 * (enough clicks) that begin with what was typed rank above everything, most clicked first.
 */
export function buildSuggestionIndex(texts: Iterable<string>): SuggestionIndex {
  const wordFrequency = new Map<string, number>();
  const pairFrequency = new Map<string, Map<string, number>>();
  for (const text of texts) {
    const textWords = words(text);
    for (const word of new Set(textWords)) wordFrequency.set(word, (wordFrequency.get(word) ?? 0) + 1);
    const seenPairs = new Set<string>();
    for (let i = 0; i + 1 < textWords.length; i++) {
      const [first, second] = [textWords[i], textWords[i + 1]];
      const key = `${first} ${second}`;
      if (seenPairs.has(key)) continue;
      seenPairs.add(key);
      let next = pairFrequency.get(first);
      if (!next) pairFrequency.set(first, (next = new Map()));
      next.set(second, (next.get(second) ?? 0) + 1);
    }
  }
  const vocabulary: Vocabulary = createVocabulary([...wordFrequency].map(([word, count]) => [word, word, count]));
  const pairCount = (first: string, second: string) => pairFrequency.get(first)?.get(second) ?? 0;
  const followers = (word: string) =>
    [...(pairFrequency.get(word) ?? [])].filter(([next]) => !STOP_WORDS.has(next)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

  return {
    suggest(query, { size = DEFAULT_SUGGESTION_SIZE, popular, isKnownWord } = {}) {
      const typed = words(query);
      if (typed.length === 0 || size < 1) return [];
      const completesWord = !/\s$/.test(query);
      const partial = completesWord ? typed[typed.length - 1] : '';
      const leading = completesWord ? typed.slice(0, -1) : typed;
      const previous = leading[leading.length - 1];
      const typedText = typed.join(' ');
      const lead = leading.length > 0 ? `${leading.join(' ')} ` : '';

      const scores = new Map<string, number>();
      const offer = (phrase: string, score: number) => {
        if (phrase !== typedText && score > (scores.get(phrase) ?? 0)) scores.set(phrase, score);
      };
      if (partial) {
        for (const { word, count } of vocabulary.wordsWithPrefix(partial, COMPLETIONS_CONSIDERED)) {
          if (STOP_WORDS.has(word) && word !== partial) continue;
          if (previous === undefined) {
            offer(word, count);
            for (const [next, pairs] of followers(word).slice(0, PHRASES_PER_WORD)) offer(`${word} ${next}`, pairs);
          } else {
            const inContext = pairCount(previous, word);
            offer(`${lead}${word}`, inContext > 0 ? inContext : count * OUT_OF_CONTEXT);
          }
        }
      } else if (previous !== undefined) {
        for (const [next, pairs] of followers(previous).slice(0, COMPLETIONS_CONSIDERED)) offer(`${lead}${next}`, pairs);
      }

      const clicks = new Map<string, number>();
      const typedPrefix = completesWord ? typedText : `${typedText} `;
      for (const [popularQuery, count] of popular ?? []) {
        if (count < POPULAR_QUERY_MIN_CLICKS || !popularQuery.startsWith(typedPrefix) || popularQuery === typedText) continue;
        if (isKnownWord && !popularQuery.split(' ').every(isKnownWord)) continue;
        clicks.set(popularQuery, count);
        if (!scores.has(popularQuery)) scores.set(popularQuery, 0);
      }
      return [...scores]
        .sort((a, b) => (clicks.get(b[0]) ?? 0) - (clicks.get(a[0]) ?? 0) || b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, size)
        .map(([phrase]) => phrase);
    },
  };
}
