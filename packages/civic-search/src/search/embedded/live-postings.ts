import type { TextAnalyzer } from './languages';
import { analyseText, type AnalysedDocument, type AnalysedField } from './document-analysis';
import { MAX_FREQUENCY, type FieldPostings, type PostingsIndex } from './postings';

/** What a live change tells the rest of the index, in the order MiniSearch would make the same change. */
export interface PostingsEvents {
  /** A term got its first live document (MiniSearch inserts it into its term tree at that moment). */
  termAppeared(term: string, id: number): void;
  /** A term lost its last live document (MiniSearch deletes it from its term tree then). */
  termVanished(term: string, id: number): void;
  /** A word occurrence was indexed (+1) or removed (-1): the vocabulary counts them. */
  wordCounted(word: string, stem: string, surface: string, delta: 1 | -1): void;
}

/** The entries of one term in one field for documents added since the base was built (positions ascending). */
interface TailList {
  positions: number[];
  frequencies: number[];
}

/** The base's postings of a field added after it was built. */
const NO_POSTINGS: FieldPostings = Object.freeze({
  offsets: new Uint32Array(1),
  positions: new Uint32Array(0),
  frequencies: new Uint16Array(0),
  lengths: new Uint32Array(0),
  averageLength: 0,
});

/** Grows a typed array to hold at least `length` items (doubling, so appends cost O(1) on average). */
function grown<T extends Uint32Array | Uint8Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2, 16));
  next.set(array);
  return next;
}

/**
 * The postings of an engine that takes writes: the flat typed arrays built at start (`base`), the entries of
 * documents added since (`tail`, per field and term), and which positions are still live. A document is never
 * changed in place: a replacement is a removal and an addition at the next position, as MiniSearch replaces.
 * Scoring reads live statistics kept step for step as MiniSearch keeps them (document count, each field's running
 * average length, each term's document frequency per field), so scores after any sequence of writes equal those
 * of MiniSearch given the same sequence. `compacted()` folds the tail in and drops removed documents.
 */
export class LivePostings {
  readonly fields: string[];
  readonly terms: string[];
  readonly termIds: Map<string, number>;
  /** Positions below `base.documentCount` are read from the base's flat arrays. */
  readonly base: PostingsIndex;
  private readonly tails: Map<number, TailList>[];
  private readonly fieldLengths: Uint32Array[];
  private readonly averages: number[];
  /** Live documents having the term, per field, by term id. */
  private frequenciesByField: Uint32Array[];
  /** Live (field, document) pairs having the term, by term id: zero means the term is gone. */
  private termTotals: Uint32Array;
  private liveFlags: Uint8Array;
  private slots: number;
  private live: number;
  /** Entries in the tails, counted as they are added (read after every write: never summed over the tails). */
  private tailCount = 0;
  private readonly baseEntries: number;

  constructor(
    base: PostingsIndex,
    private readonly analyzer: TextAnalyzer,
    private readonly events: PostingsEvents,
  ) {
    this.base = base;
    this.fields = [...base.fields];
    this.terms = [...base.terms];
    this.termIds = new Map(base.termIds);
    this.slots = base.documentCount;
    this.live = base.documentCount;
    this.baseEntries = base.postings.reduce((total, field) => total + field.positions.length, 0);
    this.liveFlags = new Uint8Array(Math.max(16, base.documentCount)).fill(1);
    this.tails = base.fields.map(() => new Map());
    this.averages = base.postings.map((field) => field.averageLength);
    this.fieldLengths = base.postings.map((field) => grown(new Uint32Array(field.lengths), base.documentCount));
    this.termTotals = new Uint32Array(Math.max(16, base.terms.length));
    this.frequenciesByField = base.postings.map((field) => {
      const counts = new Uint32Array(Math.max(16, base.terms.length));
      for (let term = 0; term < base.terms.length; term++) {
        counts[term] = field.offsets[term + 1] - field.offsets[term];
        this.termTotals[term] += counts[term];
      }
      return counts;
    });
  }

  /** Positions handed out so far, live or not: per-position arrays are this long. */
  get documentCount(): number {
    return this.slots;
  }

  /** Live documents: BM25's document count. */
  get liveCount(): number {
    return this.live;
  }

  /** Whether any position is a removed document (searches must then skip such positions). */
  get hasRemoved(): boolean {
    return this.live < this.slots;
  }

  isLive(position: number): boolean {
    return position < this.slots && this.liveFlags[position] === 1;
  }

  /** Distinct tokens of the field in the document at `position`. */
  length(field: number, position: number): number {
    return this.fieldLengths[field][position];
  }

  lengths(field: number): Uint32Array {
    return this.fieldLengths[field];
  }

  averageLength(field: number): number {
    return this.averages[field];
  }

  /** Live documents with `term` in `field`. */
  documentFrequency(field: number, term: number): number {
    return this.frequenciesByField[field][term];
  }

  /** Whether the term still has a live document in some field. */
  termIsLive(term: number): boolean {
    return this.termTotals[term] > 0;
  }

  /**
   * Indexes one more text field from now on. Only for a field no held document has a value for (a field new to the
   * engine): documents held are not read again.
   */
  addField(name: string): void {
    this.fields.push(name);
    this.tails.push(new Map());
    this.fieldLengths.push(new Uint32Array(this.liveFlags.length));
    this.averages.push(0);
    this.frequenciesByField.push(new Uint32Array(this.termTotals.length));
  }

  /** The base's entries of a term in a field (start and end into `base.postings[field]`). */
  baseRange(field: number, term: number): [number, number] {
    if (term >= this.base.terms.length || field >= this.base.postings.length) return [0, 0];
    const { offsets } = this.base.postings[field];
    return [offsets[term], offsets[term + 1]];
  }

  baseField(field: number): FieldPostings {
    return this.base.postings[field] ?? NO_POSTINGS;
  }

  /** The entries of a term in a field added since the base was built, if any. */
  tail(field: number, term: number): TailList | undefined {
    return this.tails[field].get(term);
  }

  /** Whether the document at `position` has `term` in `field` (removed documents keep their entries until compacted). */
  has(term: number, position: number, field: number): boolean {
    if (position < this.base.documentCount) {
      const [start, end] = this.baseRange(field, term);
      return binarySearch(this.baseField(field).positions, start, end, position);
    }
    const list = this.tails[field].get(term);
    return list !== undefined && binarySearch(list.positions, 0, list.positions.length, position);
  }

  /**
   * Indexes a document at the next position, and returns it. `analysed` is the document's analysis if it was made
   * already (on another thread): used for each field it holds in this engine's language, the rest analysed here.
   */
  add(document: Readonly<Record<string, unknown>>, analysed?: AnalysedDocument): number {
    const position = this.slots++;
    this.liveFlags = grown(this.liveFlags, this.slots);
    this.liveFlags[position] = 1;
    const countBefore = this.live;
    this.fields.forEach((field, fieldId) => {
      this.fieldLengths[fieldId] = grown(this.fieldLengths[fieldId], this.slots);
      const text = this.analysedField(document, field, analysed);
      if (!text) return;
      this.fieldLengths[fieldId][position] = text.length;
      // MiniSearch's running average, counting the documents before this one.
      this.averages[fieldId] = (this.averages[fieldId] * countBefore + text.length) / (countBefore + 1);
      this.countWords(text, 1);
      const tails = this.tails[fieldId];
      // MiniSearch puts a term in its tree at the term's first entry: terms come in order of first occurrence.
      text.terms.forEach((stem, i) => {
        const term = this.termId(stem);
        this.frequenciesByField[fieldId][term]++;
        if (this.termTotals[term]++ === 0) this.events.termAppeared(this.terms[term], term);
        let list = tails.get(term);
        if (!list) tails.set(term, (list = { positions: [], frequencies: [] }));
        list.positions.push(position);
        list.frequencies.push(Math.min(MAX_FREQUENCY, text.counts[i]));
        this.tailCount++;
      });
    });
    this.live++;
    return position;
  }

  /**
   * Removes the document at `position`, given as it was indexed (its words are counted out of the statistics), with
   * its analysis if made already (see `add`).
   */
  remove(position: number, document: Readonly<Record<string, unknown>>, analysed?: AnalysedDocument): void {
    if (!this.isLive(position)) return;
    const count = this.live;
    this.fields.forEach((field, fieldId) => {
      const text = this.analysedField(document, field, analysed);
      if (!text) return;
      this.averages[fieldId] = count === 1 ? 0 : (this.averages[fieldId] * count - text.length) / (count - 1);
      this.countWords(text, -1);
      // As MiniSearch removes: token by token, the term leaving the field at its last occurrence.
      for (const i of text.lastOrder) {
        const term = this.termIds.get(text.terms[i]);
        if (term === undefined) continue;
        this.frequenciesByField[fieldId][term]--;
        if (--this.termTotals[term] === 0) this.events.termVanished(this.terms[term], term);
      }
    });
    this.liveFlags[position] = 0;
    this.live--;
  }

  /**
   * The live documents' postings as one flat base (positions renumbered in order, removed documents dropped), with
   * the statistics carried over unchanged so scores stay what they were; `positions[old]` gives each live
   * document's new position (-1 for removed ones).
   */
  compacted(): { postings: PostingsIndex; positions: Int32Array } {
    const renumbered = new Int32Array(this.slots).fill(-1);
    let next = 0;
    for (let position = 0; position < this.slots; position++) if (this.liveFlags[position] === 1) renumbered[position] = next++;
    const termCount = this.terms.length;
    const postings = this.fields.map((_, fieldId): FieldPostings => {
      const offsets = new Uint32Array(termCount + 1);
      for (let term = 0; term < termCount; term++) offsets[term + 1] = offsets[term] + this.frequenciesByField[fieldId][term];
      const positions = new Uint32Array(offsets[termCount]);
      const frequencies = new Uint16Array(offsets[termCount]);
      const base = this.baseField(fieldId);
      for (let term = 0; term < termCount; term++) {
        let slot = offsets[term];
        const [start, end] = this.baseRange(fieldId, term);
        for (let i = start; i < end; i++) {
          const position = renumbered[base.positions[i]];
          if (position < 0) continue;
          positions[slot] = position;
          frequencies[slot++] = base.frequencies[i];
        }
        const list = this.tails[fieldId].get(term);
        if (list) {
          for (let i = 0; i < list.positions.length; i++) {
            const position = renumbered[list.positions[i]];
            if (position < 0) continue;
            positions[slot] = position;
            frequencies[slot++] = list.frequencies[i];
          }
        }
      }
      const lengths = new Uint32Array(next);
      for (let position = 0; position < this.slots; position++) {
        if (renumbered[position] >= 0) lengths[renumbered[position]] = this.fieldLengths[fieldId][position];
      }
      return { offsets, positions, frequencies, lengths, averageLength: this.averages[fieldId] };
    });
    return {
      postings: { documentCount: next, fields: this.fields, terms: [...this.terms], termIds: new Map(this.termIds), postings },
      positions: renumbered,
    };
  }

  /** Postings entries of the base plus those added since (what a compaction reads). */
  get entries(): number {
    return this.baseEntries + this.tailCount;
  }

  /** Entries added or removed since the base was built: how far this has drifted from a compact index. */
  get drift(): number {
    return this.tailCount + (this.slots - this.live);
  }

  /** A field of a document as analysed already, or analysed now; null when the document has no value for it. */
  private analysedField(document: Readonly<Record<string, unknown>>, field: string, analysed: AnalysedDocument | undefined): AnalysedField | null {
    const given = analysed?.language === this.analyzer.language ? analysed.fields[field] : undefined;
    if (given !== undefined) return given;
    const value = document[field];
    return value === undefined || value === null ? null : analyseText(String(value), this.analyzer);
  }

  /** Each occurrence of each word counted in (+1) or out (-1), for the vocabulary. */
  private countWords(text: AnalysedField, delta: 1 | -1): void {
    const { words, wordCounts } = text;
    for (let i = 0; i < wordCounts.length; i++) {
      for (let n = 0; n < wordCounts[i]; n++) this.events.wordCounted(words[3 * i], words[3 * i + 1], words[3 * i + 2], delta);
    }
  }

  /** The id of a term, a new one for a term not seen before. */
  private termId(stem: string): number {
    let term = this.termIds.get(stem);
    if (term === undefined) {
      term = this.terms.length;
      this.terms.push(stem);
      this.termIds.set(stem, term);
      this.termTotals = grown(this.termTotals, this.terms.length);
      this.frequenciesByField = this.frequenciesByField.map((counts) => grown(counts, this.terms.length));
    }
    return term;
  }
}

function binarySearch(values: ArrayLike<number>, start: number, end: number, target: number): boolean {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low < end && values[low] === target;
}
