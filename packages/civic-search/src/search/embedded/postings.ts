import { endianness } from 'node:os';
import type { SiteDocument } from '../types';
import type { TextAnalyzer } from './languages';
import { englishAnalyzer } from './text-analysis';
import { VocabularyBuilder } from './vocabulary';

/**
 * The inverted index the embedded engine scores from: for each text field, each term's documents (positions,
 * ascending) and how often the term occurs in each, in flat typed arrays (a term's entries are
 * `offsets[term] .. offsets[term + 1]`). Beside them, each document's field length and each field's average
 * length, as MiniSearch counts them (distinct tokens, running average), so scores equal MiniSearch's BM25+.
 * Typed arrays instead of a map per term and document: scoring a term found in 75,000 documents reads two arrays
 * instead of creating 75,000 objects, and 100,000 documents take about 55 MB instead of about 370.
 */
export interface FieldPostings {
  readonly offsets: Uint32Array;
  readonly positions: Uint32Array;
  readonly frequencies: Uint16Array;
  /** Distinct tokens of the field in each document (by position). */
  readonly lengths: Uint32Array;
  readonly averageLength: number;
}

export interface PostingsIndex {
  readonly documentCount: number;
  readonly fields: readonly string[];
  /** Terms by id, in the order documents first used them. */
  readonly terms: readonly string[];
  readonly termIds: ReadonlyMap<string, number>;
  /** By field, in the order of `fields`. */
  readonly postings: readonly FieldPostings[];
}

/** The saved (JSON) form: typed arrays as base64 of their bytes, in this machine's byte order. */
export interface SavedPostings {
  byteOrder: string;
  documentCount: number;
  terms: string[];
  fields: { name: string; averageLength: number; offsets: string; positions: string; frequencies: string; lengths: string }[];
}

/** Frequencies are kept in 16 bits: a word repeated more often in one field counts this many times. */
export const MAX_FREQUENCY = 0xffff;
/** Raw tokens remembered with their term (a corpus repeats its words): beyond this many, tokens are analysed each time. */
const TOKEN_CACHE_LIMIT = 500_000;
/** Documents indexed between yields to the event loop. */
const DOCUMENTS_PER_SLICE = 500;

interface TokenInfo {
  /** -1 for a stop word or a token without letters or digits. */
  term: number;
  word: string;
  stem: string;
  /** The token as suggestions show it (its spelling kept). */
  surface: string;
  occurrences: number;
}

/** A growable list of 32-bit numbers. */
class NumberList {
  values = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * Indexes documents: each field's tokens (the analyzer's, English by default) become terms (folded, stop words
 * dropped, stemmed), the words behind them go to `vocabulary`. Throws on a missing or duplicate id, and with the
 * signal's reason when it is aborted (checked at every yield, so a shutdown need not wait for a large build).
 */
export async function buildPostings(
  documents: readonly SiteDocument[],
  fields: readonly string[],
  vocabulary: VocabularyBuilder,
  analyzer: TextAnalyzer = englishAnalyzer,
  signal?: AbortSignal,
): Promise<PostingsIndex> {
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const tokenCache = new Map<string, TokenInfo>();
  const analyse = (token: string): TokenInfo => {
    const cached = tokenCache.get(token);
    if (cached) return cached;
    const word = analyzer.fold(token);
    const info: TokenInfo = { term: -1, word, stem: '', surface: '', occurrences: 0 };
    if (word !== '' && !analyzer.isStopWord(word)) {
      info.stem = analyzer.stem(word);
      info.surface = analyzer.surface(token);
      let id = termIds.get(info.stem);
      if (id === undefined) {
        id = terms.length;
        termIds.set(info.stem, id);
        terms.push(info.stem);
      }
      info.term = id;
    }
    if (tokenCache.size < TOKEN_CACHE_LIMIT) tokenCache.set(token, info);
    else if (info.term >= 0) vocabulary.add(word, info.stem, 1, info.surface);
    return info;
  };

  const ids = new Set<string>();
  // Entries in document order, per field: (term, position, frequency).
  const entries = fields.map(() => ({ terms: new NumberList(), positions: new NumberList(), frequencies: new NumberList() }));
  const lengths = fields.map(() => new Uint32Array(documents.length));
  const averages = fields.map(() => 0);
  let counts = new Uint32Array(1024);
  const touched: number[] = [];

  for (let position = 0; position < documents.length; position++) {
    if (position > 0 && position % DOCUMENTS_PER_SLICE === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
    }
    const document = documents[position] as unknown as Record<string, unknown>;
    const id = document.id;
    if (id === undefined || id === null) throw new Error(`the document at position ${position} has no id`);
    if (ids.has(String(id))) throw new Error(`duplicate document id ${JSON.stringify(String(id))}`);
    ids.add(String(id));
    fields.forEach((field, fieldId) => {
      const value = document[field];
      if (value === undefined || value === null) return;
      const tokens = analyzer.tokenize(String(value));
      const length = new Set(tokens).size;
      lengths[fieldId][position] = length;
      // MiniSearch's running average, step for step, so scores agree to the last bit.
      averages[fieldId] = (averages[fieldId] * position + length) / (position + 1);
      for (const token of tokens) {
        const info = analyse(token);
        if (info.term < 0) continue;
        info.occurrences++;
        if (info.term >= counts.length) {
          const grown = new Uint32Array(Math.max(counts.length * 2, info.term + 1));
          grown.set(counts);
          counts = grown;
        }
        if (counts[info.term]++ === 0) touched.push(info.term);
      }
      const list = entries[fieldId];
      for (const term of touched) {
        list.terms.push(term);
        list.positions.push(position);
        list.frequencies.push(Math.min(MAX_FREQUENCY, counts[term]));
        counts[term] = 0;
      }
      touched.length = 0;
    });
  }
  for (const info of tokenCache.values())
    if (info.term >= 0 && info.occurrences > 0) vocabulary.add(info.word, info.stem, info.occurrences, info.surface);

  const postings = fields.map((_, fieldId) => {
    const list = entries[fieldId];
    const offsets = new Uint32Array(terms.length + 1);
    for (let i = 0; i < list.terms.length; i++) offsets[list.terms.values[i] + 1]++;
    for (let term = 0; term < terms.length; term++) offsets[term + 1] += offsets[term];
    const next = offsets.slice(0, terms.length);
    const positions = new Uint32Array(list.terms.length);
    const frequencies = new Uint16Array(list.terms.length);
    // Entries arrive in document order, so each term's positions come out ascending.
    for (let i = 0; i < list.terms.length; i++) {
      const slot = next[list.terms.values[i]]++;
      positions[slot] = list.positions.values[i];
      frequencies[slot] = list.frequencies.values[i];
    }
    return { offsets, positions, frequencies, lengths: lengths[fieldId], averageLength: averages[fieldId] };
  });
  return { documentCount: documents.length, fields: [...fields], terms, termIds, postings };
}

export function savePostings(index: PostingsIndex): SavedPostings {
  return {
    byteOrder: endianness(),
    documentCount: index.documentCount,
    terms: [...index.terms],
    fields: index.fields.map((name, fieldId) => {
      const field = index.postings[fieldId];
      return {
        name,
        averageLength: field.averageLength,
        offsets: toBase64(field.offsets),
        positions: toBase64(field.positions),
        frequencies: toBase64(field.frequencies),
        lengths: toBase64(field.lengths),
      };
    }),
  };
}

/** Restores saved postings; throws when they do not fit `documentCount` and `fields` or are damaged. */
export function loadPostings(saved: SavedPostings, fields: readonly string[], documentCount: number): PostingsIndex {
  if (saved.byteOrder !== endianness()) throw new Error('saved index was written on a machine of another byte order');
  if (saved.documentCount !== documentCount) throw new Error('saved index does not match the documents');
  if (saved.fields.map((field) => field.name).join() !== fields.join()) throw new Error('saved index has other fields');
  const terms = saved.terms;
  const termIds = new Map<string, number>();
  terms.forEach((term, id) => termIds.set(term, id));
  if (termIds.size !== terms.length) throw new Error('saved index repeats a term');
  const postings = saved.fields.map((field) => {
    const offsets = fromBase64(field.offsets, Uint32Array);
    const positions = fromBase64(field.positions, Uint32Array);
    const frequencies = fromBase64(field.frequencies, Uint16Array);
    const lengths = fromBase64(field.lengths, Uint32Array);
    const consistent =
      offsets.length === terms.length + 1 &&
      offsets[terms.length] === positions.length &&
      frequencies.length === positions.length &&
      lengths.length === documentCount &&
      positions.every((position) => position < documentCount) &&
      Number.isFinite(field.averageLength);
    if (!consistent) throw new Error(`saved postings of ${field.name} are damaged`);
    return { offsets, positions, frequencies, lengths, averageLength: field.averageLength };
  });
  return { documentCount, fields: [...fields], terms, termIds, postings };
}

function toBase64(array: Uint32Array | Uint16Array): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
}

function fromBase64<T extends Uint32Array | Uint16Array>(text: string, Type: { new (length: number): T; BYTES_PER_ELEMENT: number }): T {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength % Type.BYTES_PER_ELEMENT !== 0) throw new Error('saved postings are damaged');
  const array = new Type(bytes.byteLength / Type.BYTES_PER_ELEMENT);
  // Copied rather than viewed: a Buffer's offset in its pool need not be aligned for the type.
  new Uint8Array(array.buffer).set(bytes);
  return array;
}
