import type { ApiSort } from 'civic-elements/core';
import SearchableMap from 'minisearch/SearchableMap';
import type { SiteDocument } from '../types';
import type { TextAnalyzer } from './languages';
import { englishAnalyzer } from './text-analysis';
import { LiveVocabulary, VocabularyBuilder, type VocabularyEntry } from './vocabulary';
import { documentReader, type FieldReader } from './filters';
import { DocSet } from './doc-set';
import { LivePostings } from './live-postings';
import type { AnalysedDocuments } from './document-analysis';
import { createFieldRanks, type FieldRanks } from './sorting';
import { buildPostings, loadPostings, savePostings, type PostingsIndex, type SavedPostings } from './postings';
import { TermScorer } from './term-scorer';
import { createFieldColumns, type FieldColumns } from './field-columns';
import { createSortOrders, type SortOrders } from './sort-orders';

/**
 * Which fields an engine indexes as text and how a search weighs them by default, which field's exact match counts
 * as a title match, and the order of a search without words.
 */
export interface TextFields {
  /** Indexed for full-text search, in this order (postings keep fields by position). */
  readonly fields: readonly string[];
  /** Default weight of each; a request's `search_fields` may give others. */
  readonly weights: Readonly<Record<string, number>>;
  /** A query equal to this field's text ranks the document first (content pages: the title). */
  readonly titleField?: string;
  /** The order of results when a search has no words and no sort (content pages: newest first). */
  readonly blankSort?: ApiSort;
}

/** Content pages: title above summary above body (as the Elasticsearch backend), newest first without words. */
export const PAGE_TEXT_FIELDS: TextFields = Object.freeze({
  fields: ['title', 'summary', 'body'],
  weights: Object.freeze({ title: 3, summary: 2, body: 1 }),
  titleField: 'title',
  blankSort: { published_date: 'desc' } as ApiSort,
});

/** Bump when analysis or the saved shape changes: saved indexes of another version are rebuilt. */
export const INDEX_FORMAT_VERSION = 3;

/**
 * One engine's searchable state: its documents by position, their postings and the words they use, and per-field
 * lookups. It takes writes: `put` indexes documents (a document whose id is held is replaced: removed, then added
 * at the next position, as MiniSearch replaces) and `remove` takes them out; both are visible to the next search.
 * A removed document keeps its position (skipped by every search) until `compacted()` renumbers the live ones.
 * Lookups derived from the fields (filters, facets, sorting) are rebuilt on first use after a change.
 */
export class EngineIndex {
  /** By position; a removed document's slot keeps it (see `isLive`). */
  readonly documents: SiteDocument[];
  readonly readers: FieldReader[];
  /** Document positions by their title's key (`titleKey`), for exact title matches. */
  readonly titles: Map<string, number[]> = new Map();
  /** The index terms as a radix tree, for typo variants (MiniSearch's `SearchableMap`; value: term id). */
  readonly termTree: SearchableMap<number>;
  readonly postings: LivePostings;
  readonly vocabulary: LiveVocabulary;
  readonly scorer: TermScorer;
  /** Each field's values, coded, with the documents of each value: filters and facets. */
  columns!: FieldColumns;
  /** Sort ranks by field, computed on first use. */
  ranks!: FieldRanks;
  /** Every live document in the order of a sort, computed on first use (blank queries). */
  orders!: SortOrders;
  private readonly positions = new Map<string, number>();
  private liveSet: DocSet | undefined;
  /** Positions removed or added since the lookups were last refreshed: the lookups patch only these. */
  private changed: number[] = [];

  constructor(
    documents: readonly SiteDocument[],
    base: PostingsIndex,
    vocabulary: readonly VocabularyEntry[],
    /** How the engine's language turns text into terms, for documents and queries alike. */
    readonly analyzer: TextAnalyzer,
    /** The text fields and their default weights. */
    public text: TextFields,
    /** The term tree of the index this one compacts (the same term ids), kept so typo variants keep their order. */
    termTree?: SearchableMap<number>,
    /** Title keys of that index, by new position: not worked out again from every title. */
    titles?: Map<string, number[]>,
  ) {
    this.documents = [...documents];
    this.termTree = termTree ?? new SearchableMap<number>();
    this.vocabulary = new LiveVocabulary(vocabulary);
    this.postings = new LivePostings(base, analyzer, {
      termAppeared: (term, id) => this.termTree.set(term, id),
      termVanished: (term) => this.termTree.delete(term),
      wordCounted: (word, stem, surface, delta) => this.vocabulary.count(word, stem, surface, delta),
    });
    // Terms in the order documents first used them, as MiniSearch inserted them: typo variants come out in its order.
    if (!termTree) {
      base.terms.forEach((term, id) => {
        if (this.postings.termIsLive(id)) this.termTree.set(term, id);
      });
    }
    this.readers = this.documents.map(documentReader);
    this.documents.forEach((document, position) => {
      this.positions.set(String(document.id), position);
      if (!titles) this.addTitle(position);
    });
    if (titles) this.titles = titles;
    this.scorer = new TermScorer(this.postings);
    this.refreshLookups();
  }

  /** Documents a search can find. */
  get liveCount(): number {
    return this.postings.liveCount;
  }

  isLive(position: number): boolean {
    return this.postings.isLive(position);
  }

  /** The live document positions as a set, or undefined when every position is live. */
  liveDocuments(): DocSet | undefined {
    if (!this.postings.hasRemoved) return undefined;
    if (!this.liveSet) {
      const set = DocSet.empty(this.documents.length);
      for (let position = 0; position < this.documents.length; position++) if (this.isLive(position)) set.add(position);
      this.liveSet = set;
    }
    return this.liveSet;
  }

  /** The position of the live document with this id. */
  positionOf(id: string): number | undefined {
    return this.positions.get(id);
  }

  /**
   * Indexes documents, replacing those whose id is held. `analysed` may hold the analysis of documents put and of
   * those they replace, made elsewhere (by object: a document not in it is analysed here).
   */
  put(documents: readonly SiteDocument[], analysed?: AnalysedDocuments): void {
    for (const document of documents) {
      const id = String(document.id);
      const held = this.positions.get(id);
      if (held !== undefined) this.removeAt(held, analysed);
      const position = this.postings.add(document as unknown as Record<string, unknown>, analysed?.get(document));
      this.documents[position] = document;
      this.readers[position] = documentReader(document);
      this.positions.set(id, position);
      this.addTitle(position);
      this.changed.push(position);
    }
    this.refreshLookups(true);
  }

  /** Takes documents out by id (`analysed`: as in `put`); returns, per id, whether it was held. */
  remove(ids: readonly string[], analysed?: AnalysedDocuments): boolean[] {
    const removed = ids.map((id) => {
      const position = this.positions.get(String(id));
      if (position === undefined) return false;
      this.removeAt(position, analysed);
      return true;
    });
    this.refreshLookups(true);
    return removed;
  }

  /**
   * Takes other text settings in place when it can: other weights, title field or blank-query order, and fields
   * added after the current ones that no held document has a value for. False: the documents must be indexed again.
   */
  extendTextFields(text: TextFields): boolean {
    const current = this.text.fields;
    if (text.fields.length < current.length || current.some((field, i) => text.fields[i] !== field)) return false;
    const added = text.fields.slice(current.length);
    const hasValue = (position: number, field: string) => {
      const value = this.readers[position](field);
      return value !== undefined && value !== null;
    };
    if (added.some((field) => this.documents.some((_, position) => this.isLive(position) && hasValue(position, field)))) return false;
    for (const field of added) this.postings.addField(field);
    const titleChanged = text.titleField !== this.text.titleField;
    this.text = text;
    if (titleChanged) {
      this.titles.clear();
      this.documents.forEach((_, position) => {
        if (this.isLive(position)) this.addTitle(position);
      });
    }
    this.refreshLookups();
    return true;
  }

  /** Postings entries, base and added: what a compaction would read. */
  get entries(): number {
    return this.postings.entries;
  }

  /** How much the index has drifted from a compact one (entries added since it was built, and removed documents). */
  get drift(): number {
    return this.postings.drift;
  }

  /**
   * The same index with the live documents only, renumbered in order, postings flat again. Statistics carry over
   * (scores do not change), and so do the term tree and the vocabulary.
   */
  compacted(): EngineIndex {
    const { postings, positions } = this.postings.compacted();
    const documents = this.documents.filter((_, position) => this.isLive(position));
    const titles = new Map<string, number[]>();
    for (const [key, held] of this.titles) {
      const renumbered = held.map((position) => positions[position]).filter((position) => position >= 0);
      if (renumbered.length > 0) titles.set(key, renumbered);
    }
    const compact = new EngineIndex(documents, postings, this.vocabulary.toJSON(), this.analyzer, this.text, this.termTree, titles);
    compact.carryLookups(this, positions);
    return compact;
  }

  /** Takes over the lookups of the index this one compacts (`renumbered[old]`: each document's new position). */
  private carryLookups(from: EngineIndex, renumbered: Int32Array): void {
    this.columns = createFieldColumns(this.readers, { previous: from.columns, renumbered });
    this.ranks = createFieldRanks(this.readers, this.columns);
    this.orders = createSortOrders(this.documents.length, this.ranks, undefined, { previous: from.orders, renumbered });
  }

  /** The document held under an id, if any (what a put of that id replaces). */
  heldDocument(id: string): SiteDocument | undefined {
    const position = this.positions.get(id);
    return position === undefined ? undefined : this.documents[position];
  }

  private removeAt(position: number, analysed?: AnalysedDocuments): void {
    const document = this.documents[position];
    this.postings.remove(position, document as unknown as Record<string, unknown>, analysed?.get(document));
    this.positions.delete(String(document.id));
    this.readers[position] = noFields;
    this.changed.push(position);
    const key = this.titleKeyAt(position);
    if (key !== undefined) {
      const list = this.titles.get(key)?.filter((held) => held !== position);
      if (list && list.length > 0) this.titles.set(key, list);
      else this.titles.delete(key);
    }
  }

  private titleKeyAt(position: number): string | undefined {
    const { titleField } = this.text;
    const title = titleField === undefined ? undefined : (this.documents[position] as unknown as Record<string, unknown>)[titleField];
    return typeof title === 'string' ? titleKey(title, this.analyzer) : undefined;
  }

  private addTitle(position: number): void {
    const key = this.titleKeyAt(position);
    if (key === undefined) return;
    const list = this.titles.get(key);
    if (list) list.push(position);
    else this.titles.set(key, [position]);
  }

  /**
   * Field lookups are computed again, on first use, from the documents as they are now. After writes
   * (`patch`), columns and blank-query orders are patched from the ones before at the positions the writes touched.
   */
  private refreshLookups(patch = false): void {
    const changed = this.changed;
    this.changed = [];
    this.liveSet = undefined;
    const isLive = this.postings.hasRemoved ? (position: number) => this.isLive(position) : undefined;
    this.columns = createFieldColumns(this.readers, patch && this.columns ? { previous: this.columns, changed } : undefined);
    this.ranks = createFieldRanks(this.readers, this.columns);
    this.orders = createSortOrders(this.documents.length, this.ranks, isLive, patch && this.orders ? { previous: this.orders, changed } : undefined);
  }
}

/** A removed document's reader: it has no values, so no filter, facet or sort sees it. */
const noFields: FieldReader = () => undefined;

/** The saved form (JSON) of an index, beside the hash of the documents it was built from. */
export interface SavedIndex {
  format: number;
  hash: string;
  postings: SavedPostings;
  vocabulary: VocabularyEntry[];
}

/**
 * Builds the index (English analysis unless another analyzer is given), yielding to the event loop between slices
 * of documents so a server stays responsive; stops with the signal's reason once it is aborted.
 */
export async function buildEngineIndex(
  documents: readonly SiteDocument[],
  analyzer: TextAnalyzer = englishAnalyzer,
  signal?: AbortSignal,
  text: TextFields = PAGE_TEXT_FIELDS,
): Promise<EngineIndex> {
  const vocabulary = new VocabularyBuilder();
  const postings = await buildPostings(documents, text.fields, vocabulary, analyzer, signal);
  return new EngineIndex(documents, postings, vocabulary.build().toJSON(), analyzer, text);
}

/** The index in its saved form: compact first when it has taken writes (the saved postings are flat). */
export function saveEngineIndex(index: EngineIndex, hash: string): SavedIndex {
  const compact = index.drift > 0 ? index.compacted() : index;
  return {
    format: INDEX_FORMAT_VERSION,
    hash,
    postings: savePostings(compact.postings.base),
    vocabulary: compact.vocabulary.toJSON(),
  };
}

/**
 * Restores a saved index for the same documents and language (the caller checks the hash); throws when it does not
 * fit.
 */
export function loadEngineIndex(
  saved: SavedIndex,
  documents: readonly SiteDocument[],
  analyzer: TextAnalyzer = englishAnalyzer,
  text: TextFields = PAGE_TEXT_FIELDS,
): EngineIndex {
  const postings = loadPostings(saved.postings, text.fields, documents.length);
  return new EngineIndex(documents, postings, saved.vocabulary, analyzer, text);
}

/** A title or query reduced to its stems without stop words: "Building consents" and "building consent" agree. */
export function titleKey(text: string, analyzer: TextAnalyzer = englishAnalyzer): string {
  return analyzer
    .words(text)
    .filter((word) => !analyzer.isStopWord(word))
    .map((word) => analyzer.stem(word))
    .join(' ');
}
