import type { Language, TextAnalyzer } from './languages';

/**
 * One text field of a document as the index takes it: everything the postings and the vocabulary need, worked out
 * from the text alone, so it can be worked out on another thread and applied here with map look-ups only.
 */
export interface AnalysedField {
  /** Distinct raw tokens (stop words included): the field's length for BM25. */
  length: number;
  /** The distinct index terms (stems), in the order of their first occurrence. */
  terms: string[];
  /** Occurrences of each term (aligned with `terms`). */
  counts: number[];
  /** Indexes into `terms` in the order of each term's last occurrence (the order a removal lets them go). */
  lastOrder: number[];
  /** The words for the vocabulary, `[word, stem, surface]` flat, each distinct triple once, in first occurrence order. */
  words: string[];
  /** Occurrences of each triple of `words`. */
  wordCounts: number[];
}

/** A document's text fields analysed in one language; a field without a value is null. */
export interface AnalysedDocument {
  language: Language;
  fields: Record<string, AnalysedField | null>;
}

/** Analysed documents by the document object they were made from (documents held by an index, or being put). */
export type AnalysedDocuments = ReadonlyMap<object, AnalysedDocument>;

/** The analysis of one text: tokens folded, stop words left out, stemmed, as the postings index them. */
export function analyseText(text: string, analyzer: TextAnalyzer): AnalysedField {
  const tokens = analyzer.tokenize(text);
  const termIndex = new Map<string, number>();
  const terms: string[] = [];
  const counts: number[] = [];
  const last: number[] = [];
  const wordIndex = new Map<string, number>();
  const words: string[] = [];
  const wordCounts: number[] = [];
  tokens.forEach((token, at) => {
    const word = analyzer.fold(token);
    if (word === '' || analyzer.isStopWord(word)) return;
    const stem = analyzer.stem(word);
    const surface = analyzer.surface(token);
    let term = termIndex.get(stem);
    if (term === undefined) {
      termIndex.set(stem, (term = terms.length));
      terms.push(stem);
      counts.push(0);
      last.push(0);
    }
    counts[term]++;
    last[term] = at;
    // A word's stem follows from the word, so the word and its spelling name the triple.
    const key = `${word}\u0000${surface}`;
    const known = wordIndex.get(key);
    if (known === undefined) {
      wordIndex.set(key, wordCounts.length);
      words.push(word, stem, surface);
      wordCounts.push(1);
    } else wordCounts[known]++;
  });
  const lastOrder = terms.map((_, term) => term).sort((a, b) => last[a] - last[b]);
  return { length: new Set(tokens).size, terms, counts, lastOrder, words, wordCounts };
}

/** A document's text fields analysed (each value read as text, as the postings read it). */
export function analyseDocument(document: Readonly<Record<string, unknown>>, fields: readonly string[], analyzer: TextAnalyzer): AnalysedDocument {
  const analysed: Record<string, AnalysedField | null> = {};
  for (const field of fields) {
    const value = document[field];
    analysed[field] = value === undefined || value === null ? null : analyseText(String(value), analyzer);
  }
  return { language: analyzer.language, fields: analysed };
}
