/**
 * The words an engine's documents use, each with its stem and how often it occurs: sorted, so every word starting
 * with a prefix is found by binary search. Search uses it to expand a partly typed last word into the stems of the
 * words it may become, and to skip typo tolerance for words the documents contain.
 */
export type VocabularyEntry = [word: string, stem: string, count: number];

export interface Vocabulary {
  readonly size: number;
  /** Whether any document has a word with this stem. */
  hasStem(stem: string): boolean;
  /** The stems of the `limit` most frequent words starting with `prefix`. */
  stemsForPrefix(prefix: string, limit: number): string[];
  /** The `limit` most frequent words starting with `prefix`, with their counts. */
  wordsWithPrefix(prefix: string, limit: number): { word: string; count: number }[];
  /** Whether a document has this exact (normalised) word. */
  hasWord(word: string): boolean;
  toJSON(): VocabularyEntry[];
}

/** Collects words while documents are indexed. */
export class VocabularyBuilder {
  private readonly entries = new Map<string, { stem: string; count: number }>();

  /** Records `occurrences` (default 1) uses of a word with its stem. */
  add(word: string, stem: string, occurrences = 1): void {
    const entry = this.entries.get(word);
    if (entry) entry.count += occurrences;
    else this.entries.set(word, { stem, count: occurrences });
  }

  build(): Vocabulary {
    return createVocabulary([...this.entries].map(([word, { stem, count }]) => [word, stem, count]));
  }
}

export function createVocabulary(entries: readonly VocabularyEntry[]): Vocabulary {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const words = sorted.map((entry) => entry[0]);
  const stems = new Set(sorted.map((entry) => entry[1]));
  const wordSet = new Set(words);

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
    stemsForPrefix(prefix, limit) {
      const result: string[] = [];
      for (const [, stem] of withPrefix(prefix, Number.POSITIVE_INFINITY)) {
        if (!result.includes(stem)) result.push(stem);
        if (result.length >= limit) break;
      }
      return result;
    },
    wordsWithPrefix: (prefix, limit) => withPrefix(prefix, limit).map(([word, , count]) => ({ word, count })),
    toJSON: () => sorted,
  };
}
