/**
 * The words an engine's documents use (folded), each with its stem and how often it occurs: sorted, so every word
 * starting with a prefix is found by binary search. Search uses it to expand a partly typed last word into the
 * stems of the words it may become, and to skip typo tolerance for words the documents contain. Each word also
 * keeps its most used spelling as written (`surface`, given only when it differs from the word: "māori" for
 * "maori"), so suggestions can show words as the documents spell them.
 */
export type VocabularyEntry = [word: string, stem: string, count: number, surface?: string];

export interface Vocabulary {
  readonly size: number;
  /** Whether any document has a word with this stem. */
  hasStem(stem: string): boolean;
  /** The stems of the `limit` most frequent words starting with `prefix`. */
  stemsForPrefix(prefix: string, limit: number): string[];
  /** The `limit` most frequent words starting with `prefix`, with their counts. */
  wordsWithPrefix(prefix: string, limit: number): { word: string; count: number }[];
  /** The `limit` most frequent entries whose word starts with `prefix` (ties: in word order). */
  entriesWithPrefix(prefix: string, limit: number): readonly VocabularyEntry[];
  /** Whether a document has this exact (normalised) word. */
  hasWord(word: string): boolean;
  /** The documents' most used spelling of a (folded) word, or undefined when they do not have it. */
  surfaceOf(word: string): string | undefined;
  toJSON(): VocabularyEntry[];
}

/** Collects words while documents are indexed. */
export class VocabularyBuilder {
  /** `spellings` counts the spellings that differ from the word; the rest of `count` is spelled as the word. */
  private readonly entries = new Map<string, { stem: string; count: number; spellings?: Map<string, number> }>();

  /** Records `occurrences` (default 1) uses of a word with its stem, spelled `surface` (default: as the word). */
  add(word: string, stem: string, occurrences = 1, surface = word): void {
    let entry = this.entries.get(word);
    if (entry) entry.count += occurrences;
    else this.entries.set(word, (entry = { stem, count: occurrences }));
    if (surface !== word) {
      entry.spellings ??= new Map();
      entry.spellings.set(surface, (entry.spellings.get(surface) ?? 0) + occurrences);
    }
  }

  build(): Vocabulary {
    return createVocabulary(
      [...this.entries].map(([word, { stem, count, spellings }]): VocabularyEntry => {
        const surface = spellings && mostUsedSpelling(word, count, spellings);
        return surface === undefined || surface === word ? [word, stem, count] : [word, stem, count, surface];
      }),
    );
  }
}

/**
 * The spelling used most. A tie goes to a written spelling over the bare folded word (it carries the macrons), then
 * to the first in code-point order, so every build agrees.
 */
export function mostUsedSpelling(word: string, count: number, spellings: ReadonlyMap<string, number>): string {
  let best = word;
  let bestCount = count - [...spellings.values()].reduce((sum, uses) => sum + uses, 0);
  for (const [spelling, uses] of spellings) {
    if (uses > bestCount || (uses === bestCount && (best === word || spelling < best))) [best, bestCount] = [spelling, uses];
  }
  return best;
}

export function createVocabulary(entries: readonly VocabularyEntry[]): Vocabulary {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const words = sorted.map((entry) => entry[0]);
  const stems = new Set(sorted.map((entry) => entry[1]));
  const wordSet = new Set(words);
  const surfaces = new Map<string, string>();
  for (const entry of sorted) if (entry[3] !== undefined) surfaces.set(entry[0], entry[3]);

  /** Index of the first word >= prefix. */
  const lowerBound = (prefix: string) => {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  const withPrefix = (prefix: string, limit: number): VocabularyEntry[] => {
    const found: VocabularyEntry[] = [];
    for (let i = lowerBound(prefix); i < sorted.length && sorted[i][0].startsWith(prefix); i++) found.push(sorted[i]);
    found.sort((a, b) => b[2] - a[2] || (a[0] < b[0] ? -1 : 1));
    return found.slice(0, limit);
  };

  return {
    size: sorted.length,
    hasStem: (stem) => stems.has(stem),
    hasWord: (word) => wordSet.has(word),
    surfaceOf: (word) => surfaces.get(word) ?? (wordSet.has(word) ? word : undefined),
    stemsForPrefix(prefix, limit) {
      const result: string[] = [];
      for (const [, stem] of withPrefix(prefix, Number.POSITIVE_INFINITY)) {
        if (!result.includes(stem)) result.push(stem);
        if (result.length >= limit) break;
      }
      return result;
    },
    wordsWithPrefix: (prefix, limit) => withPrefix(prefix, limit).map(([word, , count]) => ({ word, count })),
    entriesWithPrefix: withPrefix,
    toJSON: () => sorted,
  };
}
