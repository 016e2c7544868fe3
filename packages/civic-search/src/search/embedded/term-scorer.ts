import type { LivePostings } from './live-postings';

/** MiniSearch's BM25+ parameters (its defaults), so relevance is what MiniSearch computed. */
export const BM25 = Object.freeze({ k: 1.2, b: 0.7, d: 0.5 });

/** One index term searched for a query term, with its weight (1 for the term itself, less for a typo variant). */
export interface DerivedTerm {
  term: number;
  weight: number;
}

/**
 * A query term and the index terms that count as it (MiniSearch's "query spec"). `source` names it: a document's
 * score is multiplied by the number of distinct sources it matched, as MiniSearch does.
 */
export interface TermLeaf {
  source: string;
  derived: readonly DerivedTerm[];
  termBoost: number;
}

/** A query word: its own term (with typo variants) and, for a partly typed last word, the completions' leaves. */
export interface WordPlan {
  term?: TermLeaf;
  completions: readonly TermLeaf[];
}

export interface FieldBoost {
  field: number;
  boost: number;
}

/** Documents that matched at least `required` words, with their scores. */
export interface ScoredDocuments {
  /** Positions, in no particular order. */
  positions: Int32Array;
  /** MiniSearch's score (sum of the words' BM25+ scores × distinct sources matched), by match. */
  scores: Float64Array;
  /** How many of the words each match has, by match. */
  covered: Uint8Array;
  /** Every index term scored, for finding which a document has (snippets). */
  derivedTerms: readonly number[];
}

/** One accumulation level: a score per document and the documents touched, reset after use. */
class Accumulator {
  readonly scores: Float64Array;
  readonly marks: Uint8Array;
  readonly touched: Int32Array;
  count = 0;
  constructor(size: number) {
    this.scores = new Float64Array(size);
    this.marks = new Uint8Array(size);
    this.touched = new Int32Array(size);
  }
  add(position: number, score: number): void {
    this.scores[position] += score;
    if (this.marks[position] === 0) {
      this.marks[position] = 1;
      this.touched[this.count++] = position;
    }
  }
  /** Adds every touched document's score into `into` (in touch order) and resets. */
  drainInto(into: Accumulator): void {
    for (let i = 0; i < this.count; i++) {
      const position = this.touched[i];
      into.add(position, this.scores[position]);
      this.scores[position] = 0;
      this.marks[position] = 0;
    }
    this.count = 0;
  }
}

/**
 * Scores queries against one postings index with dense per-document accumulators, reused from query to query
 * (searches run one at a time on the thread). Sums follow MiniSearch's order (a leaf's index terms field by field,
 * then a word's term before its completions' total, then word after word), so scores equal MiniSearch's exactly.
 */
export class TermScorer {
  private leaf!: Accumulator;
  private completions!: Accumulator;
  private word!: Accumulator;
  private total!: Accumulator;
  private covered!: Uint8Array;
  private quality!: Uint16Array;
  private capacity = -1;

  constructor(private readonly index: LivePostings) {
    this.fit();
  }

  /** Accumulators for every position, grown (with room to spare) when documents were added. */
  private fit(): void {
    if (this.capacity >= this.index.documentCount) return;
    const size = this.capacity < 0 ? this.index.documentCount : Math.max(this.index.documentCount, Math.ceil(this.capacity * 1.25));
    this.capacity = size;
    this.leaf = new Accumulator(size);
    this.completions = new Accumulator(size);
    this.word = new Accumulator(size);
    this.total = new Accumulator(size);
    this.covered = new Uint8Array(size);
    this.quality = new Uint16Array(size);
  }

  /** `signal` is checked between index terms, so a search past its deadline stops mid-scoring. */
  score(words: readonly WordPlan[], required: number, fields: readonly FieldBoost[], signal?: AbortSignal): ScoredDocuments {
    this.fit();
    this.resetIfInterrupted();
    const counted = new Set<string>();
    const derivedTerms = new Set<number>();
    /** Scores a leaf into `into`; counts its source once per source and, for a word of one leaf, the word. */
    const runLeaf = (leaf: TermLeaf, into: Accumulator, isWholeWord: boolean) => {
      for (const { term, weight } of leaf.derived) {
        if (signal?.aborted) this.interrupt(signal);
        derivedTerms.add(term);
        for (const { field, boost } of fields) this.addTerm(term, field, weight * leaf.termBoost * boost);
      }
      // Leaves of one source have the same documents (same term, same fields): count the source once.
      const firstOfSource = !counted.has(leaf.source);
      counted.add(leaf.source);
      if (firstOfSource || isWholeWord) {
        for (let i = 0; i < this.leaf.count; i++) {
          const position = this.leaf.touched[i];
          if (firstOfSource) this.quality[position]++;
          if (isWholeWord) this.covered[position]++;
        }
      }
      this.leaf.drainInto(into);
    };

    for (const word of words) {
      // A word of one term scores what its leaf scores: straight into the total (0 + x is x, so sums stay exact).
      if (word.term && word.completions.length === 0) {
        runLeaf(word.term, this.total, true);
        continue;
      }
      if (word.term) runLeaf(word.term, this.word, false);
      if (word.completions.length > 0) {
        for (const completion of word.completions) runLeaf(completion, this.completions, false);
        this.completions.drainInto(this.word);
      }
      for (let i = 0; i < this.word.count; i++) this.covered[this.word.touched[i]]++;
      this.word.drainInto(this.total);
    }

    const total = this.total;
    let kept = 0;
    for (let i = 0; i < total.count; i++) if (this.covered[total.touched[i]] >= required) kept++;
    const positions = new Int32Array(kept);
    const scores = new Float64Array(kept);
    const covered = new Uint8Array(kept);
    let next = 0;
    for (let i = 0; i < total.count; i++) {
      const position = total.touched[i];
      if (this.covered[position] >= required) {
        positions[next] = position;
        scores[next] = total.scores[position] * (this.quality[position] || 1);
        covered[next] = this.covered[position];
        next++;
      }
      total.scores[position] = 0;
      total.marks[position] = 0;
      this.covered[position] = 0;
      this.quality[position] = 0;
    }
    total.count = 0;
    return { positions, scores, covered, derivedTerms: [...derivedTerms] };
  }

  private interrupted = false;

  /** Stops a scoring under way: the accumulators are cleared before the next one (they hold partial sums). */
  private interrupt(signal: AbortSignal): never {
    this.interrupted = true;
    signal.throwIfAborted();
    throw signal.reason;
  }

  private resetIfInterrupted(): void {
    if (!this.interrupted) return;
    this.interrupted = false;
    this.capacity = -1;
    this.fit();
  }

  /**
   * Adds one index term's BM25+ score in one field, times `weight`, to the leaf accumulator: the base's entries,
   * then those of documents added since, skipping removed documents.
   */
  private addTerm(term: number, field: number, weight: number): void {
    const index = this.index;
    const matching = index.documentFrequency(field, term);
    if (matching === 0) return;
    const inverseFrequency = Math.log(1 + (index.liveCount - matching + 0.5) / (matching + 0.5));
    const lengths = index.lengths(field);
    const averageLength = index.averageLength(field);
    const skipRemoved = index.hasRemoved;
    const leaf = this.leaf;
    const { positions, frequencies } = index.baseField(field);
    const [start, end] = index.baseRange(field, term);
    for (let i = start; i < end; i++) {
      const position = positions[i];
      if (skipRemoved && !index.isLive(position)) continue;
      leaf.add(position, weight * bm25(inverseFrequency, frequencies[i], lengths[position], averageLength));
    }
    const tail = index.tail(field, term);
    if (!tail) return;
    for (let i = 0; i < tail.positions.length; i++) {
      const position = tail.positions[i];
      if (skipRemoved && !index.isLive(position)) continue;
      leaf.add(position, weight * bm25(inverseFrequency, tail.frequencies[i], lengths[position], averageLength));
    }
  }
}

/** MiniSearch's BM25+ term score, operation for operation (so sums agree to the last bit). */
function bm25(inverseFrequency: number, frequency: number, length: number, averageLength: number): number {
  const { k, b, d } = BM25;
  return inverseFrequency * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / averageLength)));
}

/** Whether the document at `position` has `term` in any of `fields`. */
export function hasTerm(index: LivePostings, term: number, position: number, fields: readonly FieldBoost[]): boolean {
  return fields.some(({ field }) => index.has(term, position, field));
}
