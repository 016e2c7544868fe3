import type { TextAnalyzer } from './languages';
import { composed, englishAnalyzer } from './text-analysis';
import { mostUsedSpelling, VocabularyBuilder, type Vocabulary } from './vocabulary';

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
  /** The documents' spelling of a folded word the suggestion texts lack (a clicked query's words may be elsewhere). */
  spellingOf?: (word: string) => string | undefined;
}

export interface SuggestionIndex {
  /** Lowercase completions of `query`: its last partial word completed (earlier words kept), best first. */
  suggest(query: string, options?: SuggestOptions): string[];
}

/**
 * The normalised form of a query, as click tracking counts it: its words folded (lowercase, no diacritics) and
 * separated by single spaces.
 */
export function normaliseQuery(query: string, analyzer: TextAnalyzer = englishAnalyzer): string {
  return analyzer.words(query).join(' ');
}

/**
 * A word followed by a word (by its key) in some texts: how many texts, and the second word's most used spelling
 * there. The first word is the word as folded, not its key, so a phrase offered is one the texts have: "rating
 * valuations", never "rating arrears" because "rates arrears" exists.
 */
interface Pair {
  count: number;
  /** The first spelling seen; `others` counts the spellings that differ from it. */
  second: string;
  others?: Map<string, number>;
}

interface TypedWord {
  word: string;
  surface: string;
}

/** A text's words, folded and as written (lowercase): suggestions match on the first and show the second. */
function spelledWords(text: string, analyzer: TextAnalyzer): TypedWord[] {
  const flat = composed(text);
  return analyzer
    .spans(flat)
    .filter((span) => span.word !== '')
    .map((span) => ({ word: span.word, surface: analyzer.surface(flat.slice(span.start, span.end)) }));
}

/**
 * Suggestions from the words and two-word phrases of `texts` (titles), as the texts spell them. Words are matched
 * folded (so "maori" completes to "māori") and grouped by stem: forms that search alike ("consent", "consents") are
 * one suggestion, shown in the form used most among those that begin with what was typed. Each is ranked by the
 * number of texts that use it; with earlier words typed, completions that follow the previous word in some text rank
 * first. Popular queries (enough clicks) that begin with what was typed rank above everything, most clicked first.
 */
export function buildSuggestionIndex(texts: Iterable<string>, analyzer: TextAnalyzer = englishAnalyzer): SuggestionIndex {
  // The key of a word: what search treats as the same word (its stem; a stop word is kept whole).
  const keyOf = (word: string) => (analyzer.isStopWord(word) ? word : analyzer.stem(word));
  const words = new VocabularyBuilder();
  const keyTexts = new Map<string, number>();
  const pairs = new Map<string, Map<string, Pair>>();

  for (const text of texts) {
    const textWords = spelledWords(text, analyzer);
    const keys = textWords.map((entry) => keyOf(entry.word));
    const spellings = new Map<string, string>();
    for (const { word, surface } of textWords) if (!spellings.has(word)) spellings.set(word, surface);
    for (const [word, surface] of spellings) words.add(word, keyOf(word), 1, surface);
    for (const key of new Set(keys)) keyTexts.set(key, (keyTexts.get(key) ?? 0) + 1);
    const seenPairs = new Set<string>();
    for (let i = 0; i + 1 < textWords.length; i++) {
      const [first, second] = [textWords[i].word, keys[i + 1]];
      const pairKey = `${first} ${second}`;
      if (seenPairs.has(pairKey)) continue;
      seenPairs.add(pairKey);
      let next = pairs.get(first);
      if (!next) pairs.set(first, (next = new Map()));
      const surface = textWords[i + 1].surface;
      const pair = next.get(second);
      if (!pair) next.set(second, { count: 1, second: surface });
      else {
        pair.count++;
        if (surface !== pair.second) (pair.others ??= new Map()).set(surface, (pair.others.get(surface) ?? 0) + 1);
      }
    }
  }
  const vocabulary: Vocabulary = words.build();
  const secondWord = (pair: Pair) => (pair.others ? mostUsedSpelling(pair.second, pair.count, pair.others) : pair.second);
  const followers = (word: string): [string, Pair][] =>
    [...(pairs.get(word) ?? [])]
      .filter(([next]) => !analyzer.isStopWord(next))
      .sort((a, b) => b[1].count - a[1].count || compareText(secondWord(a[1]), secondWord(b[1])));

  return {
    suggest(query, { size = DEFAULT_SUGGESTION_SIZE, popular, isKnownWord, spellingOf } = {}) {
      const typed = spelledWords(query, analyzer);
      if (typed.length === 0 || size < 1) return [];
      const completesWord = !/\s$/.test(query);
      const partial = completesWord ? typed[typed.length - 1].word : '';
      const leading = completesWord ? typed.slice(0, -1) : typed;
      const previous = leading[leading.length - 1];
      const typedText = typed.map((entry) => entry.word).join(' ');
      // What was typed, read as search reads it: an offer with the same key adds nothing ("consents" for "consent").
      // A partly typed word that is no word of the texts has no key: "bu" is not "bus", though both stem to "bu".
      const typedKeys = partial && !vocabulary.hasWord(partial) ? undefined : typed.map((entry) => keyOf(entry.word)).join(' ');
      // Every word is shown as the documents spell it; a word they lack, as typed.
      const spelled = (word: string, typedSpelling: string) => vocabulary.surfaceOf(word) ?? spellingOf?.(word) ?? typedSpelling;
      const lead = leading.map((entry) => spelled(entry.word, entry.surface));
      const leadKeys = leading.map((entry) => keyOf(entry.word));
      const withLead = (key: string, text: string) => [[...leadKeys, key].join(' '), [...lead, text].join(' ')] as const;

      // Offers by key (the stems of their words): one suggestion per way search would read it.
      const offers = new Map<string, { text: string; score: number }>();
      const offer = ([keys, text]: readonly [string, string], score: number) => {
        const current = offers.get(keys);
        if (keys !== typedKeys && (!current || score > current.score)) offers.set(keys, { text, score });
      };
      if (partial) {
        const seenKeys = new Set<string>();
        for (const [word, key, , surface] of vocabulary.entriesWithPrefix(partial, COMPLETIONS_CONSIDERED)) {
          if (analyzer.isStopWord(word) && word !== partial) continue;
          // Most used first: the first form of a key met here is how that key is shown.
          if (seenKeys.has(key)) continue;
          seenKeys.add(key);
          const shown = surface ?? word;
          const count = keyTexts.get(key) ?? 0;
          if (previous === undefined) {
            offer([key, shown], count);
            for (const [next, pair] of followers(word).slice(0, PHRASES_PER_WORD))
              offer([`${key} ${next}`, `${shown} ${secondWord(pair)}`], pair.count);
          } else {
            const inContext = pairs.get(previous.word)?.get(key)?.count ?? 0;
            offer(withLead(key, shown), inContext > 0 ? inContext : count * OUT_OF_CONTEXT);
          }
        }
      } else if (previous !== undefined) {
        for (const [next, pair] of followers(previous.word).slice(0, COMPLETIONS_CONSIDERED))
          offer(withLead(next, secondWord(pair)), pair.count);
      }

      const clicks = new Map<string, number>();
      const mostClicked = new Map<string, number>();
      const typedPrefix = completesWord ? typedText : `${typedText} `;
      for (const [popularQuery, count] of popular ?? []) {
        if (count < POPULAR_QUERY_MIN_CLICKS || !popularQuery.startsWith(typedPrefix) || popularQuery === typedText) continue;
        const queryWords = popularQuery.split(' ');
        if (isKnownWord && !queryWords.every(isKnownWord)) continue;
        const keys = queryWords.map(keyOf).join(' ');
        if (keys === typedKeys) continue;
        clicks.set(keys, (clicks.get(keys) ?? 0) + count);
        // Shown with the words the visitors chose most (each spelled as the documents spell it).
        if (count > (mostClicked.get(keys) ?? 0)) {
          mostClicked.set(keys, count);
          const text = queryWords.map((word) => spelled(word, word)).join(' ');
          offers.set(keys, { text, score: offers.get(keys)?.score ?? 0 });
        }
      }
      const ranked = [...offers]
        .sort(
          ([keysA, a], [keysB, b]) =>
            (clicks.get(keysB) ?? 0) - (clicks.get(keysA) ?? 0) || b.score - a.score || compareText(a.text, b.text),
        )
        .map(([, { text }]) => text);
      return [...new Set(ranked)].slice(0, size);
    },
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
