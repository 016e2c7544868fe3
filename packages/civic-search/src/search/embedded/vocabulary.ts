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

/** A word of a live vocabulary: its stem, occurrences, and the spellings seen other than the word itself. */
interface LiveEntry {
  stem: string;
  count: number;
  spellings?: Map<string, number>;
}

/**
 * A vocabulary that follows writes: each indexed word occurrence counts in, each removed one out, and a word whose
 * count falls to zero is gone (from completions, typo checks and suggestions' spellings). Words stay sorted, so
 * prefix look-ups cost what they cost in a built vocabulary.
 */
export class LiveVocabulary implements Vocabulary {
  private readonly sortedWords: string[];
  private readonly entries = new Map<string, LiveEntry>();
  /** Words per stem. */
  private readonly stems = new Map<string, number>();

  constructor(initial: readonly VocabularyEntry[]) {
    for (const [word, stem, count, surface] of initial) {
      this.entries.set(word, { stem, count, ...(surface !== undefined && surface !== word && { spellings: new Map([[surface, count]]) }) });
      this.stems.set(stem, (this.stems.get(stem) ?? 0) + 1);
    }
    this.sortedWords = [...this.entries.keys()].sort(compareWords);
  }

  get size(): number {
    return this.sortedWords.length;
  }

  /** Counts one occurrence of `word` in (+1) or out (-1), spelled `surface`. */
  count(word: string, stem: string, surface: string, delta: 1 | -1): void {
    let entry = this.entries.get(word);
    if (!entry) {
      if (delta < 0) return;
      entry = { stem, count: 0 };
      this.entries.set(word, entry);
      this.sortedWords.splice(this.lowerBound(word), 0, word);
      this.stems.set(stem, (this.stems.get(stem) ?? 0) + 1);
    }
    entry.count += delta;
    if (surface !== word) {
      const uses = (entry.spellings?.get(surface) ?? 0) + delta;
      if (uses > 0) (entry.spellings ??= new Map()).set(surface, uses);
      else entry.spellings?.delete(surface);
    }
    if (entry.count > 0) return;
    this.entries.delete(word);
    this.sortedWords.splice(this.lowerBound(word), 1);
    const words = this.stems.get(entry.stem)! - 1;
    if (words > 0) this.stems.set(entry.stem, words);
    else this.stems.delete(entry.stem);
  }

  hasStem(stem: string): boolean {
    return this.stems.has(stem);
  }

  hasWord(word: string): boolean {
    return this.entries.has(word);
  }

  surfaceOf(word: string): string | undefined {
    const entry = this.entries.get(word);
    if (!entry) return undefined;
    return entry.spellings && entry.spellings.size > 0 ? mostUsedSpelling(word, entry.count, entry.spellings) : word;
  }

  entriesWithPrefix(prefix: string, limit: number): VocabularyEntry[] {
    const found: VocabularyEntry[] = [];
    for (let i = this.lowerBound(prefix); i < this.sortedWords.length && this.sortedWords[i].startsWith(prefix); i++) {
      found.push(this.entryOf(this.sortedWords[i]));
    }
    found.sort((a, b) => b[2] - a[2] || (a[0] < b[0] ? -1 : 1));
    return found.slice(0, limit);
  }

  stemsForPrefix(prefix: string, limit: number): string[] {
    const result: string[] = [];
    for (const [, stem] of this.entriesWithPrefix(prefix, Number.POSITIVE_INFINITY)) {
      if (!result.includes(stem)) result.push(stem);
      if (result.length >= limit) break;
    }
    return result;
  }

  wordsWithPrefix(prefix: string, limit: number): { word: string; count: number }[] {
    return this.entriesWithPrefix(prefix, limit).map(([word, , count]) => ({ word, count }));
  }

  toJSON(): VocabularyEntry[] {
    return this.sortedWords.map((word) => this.entryOf(word));
  }

  private entryOf(word: string): VocabularyEntry {
    const { stem, count } = this.entries.get(word)!;
    const surface = this.surfaceOf(word);
    return surface === undefined || surface === word ? [word, stem, count] : [word, stem, count, surface];
  }

  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.sortedWords.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedWords[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function compareWords(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
