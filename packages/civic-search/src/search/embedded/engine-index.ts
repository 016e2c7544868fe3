import type { ApiSort } from '../../../../../src/core/search/app-search-api';
import SearchableMap from 'minisearch/SearchableMap';
import type { SiteDocument } from '../types';
import type { TextAnalyzer } from './languages';
import { englishAnalyzer } from './text-analysis';
import { createVocabulary, VocabularyBuilder, type Vocabulary, type VocabularyEntry } from './vocabulary';
import { documentReader, type FieldReader } from './filters';
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

/** One engine's searchable state: its documents, their postings and the words they use, and per-field lookups. */
export interface EngineIndex {
  readonly documents: readonly SiteDocument[];
  /** The text fields and their default weights. */
  readonly text: TextFields;
  /** How the engine's language turns text into terms, for documents and queries alike. */
  readonly analyzer: TextAnalyzer;
  /** Field readers by position. */
  readonly readers: readonly FieldReader[];
  /** Sort ranks by field, computed on first use. */
  readonly ranks: FieldRanks;
  /** Every document in the order of a sort, computed on first use (blank queries). */
  readonly orders: SortOrders;
  /** Each field's values, coded, with the documents of each value: filters and facets. */
  readonly columns: FieldColumns;
  readonly postings: PostingsIndex;
  /** The index terms as a radix tree, for typo variants (MiniSearch's `SearchableMap`; value: term id). */
  readonly termTree: SearchableMap<number>;
  readonly scorer: TermScorer;
  readonly vocabulary: Vocabulary;
  /** Document positions by their title's key (`titleKey`), for exact title matches. */
  readonly titles: ReadonlyMap<string, readonly number[]>;
}

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
  return assemble(documents, postings, vocabulary.build(), analyzer, text);
}

export function saveEngineIndex(index: EngineIndex, hash: string): SavedIndex {
  return { format: INDEX_FORMAT_VERSION, hash, postings: savePostings(index.postings), vocabulary: index.vocabulary.toJSON() };
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
  return assemble(documents, postings, createVocabulary(saved.vocabulary), analyzer, text);
}

function assemble(
  documents: readonly SiteDocument[],
  postings: PostingsIndex,
  vocabulary: Vocabulary,
  analyzer: TextAnalyzer,
  text: TextFields,
): EngineIndex {
  const titles = new Map<string, number[]>();
  const { titleField } = text;
  documents.forEach((document, position) => {
    const title = titleField === undefined ? undefined : (document as unknown as Record<string, unknown>)[titleField];
    if (typeof title !== 'string') return;
    const key = titleKey(title, analyzer);
    const list = titles.get(key);
    if (list) list.push(position);
    else titles.set(key, [position]);
  });
  // Terms in the order documents first used them, as MiniSearch inserted them: typo variants come out in its order.
  const termTree = new SearchableMap<number>();
  postings.terms.forEach((term, id) => termTree.set(term, id));
  const readers = documents.map(documentReader);
  const columns = createFieldColumns(readers);
  const ranks = createFieldRanks(readers, columns);
  return {
    documents,
    text,
    analyzer,
    readers,
    ranks,
    orders: createSortOrders(documents.length, ranks),
    columns,
    postings,
    termTree,
    scorer: new TermScorer(postings),
    vocabulary,
    titles,
  };
}

/** A title or query reduced to its stems without stop words: "Building consents" and "building consent" agree. */
export function titleKey(text: string, analyzer: TextAnalyzer = englishAnalyzer): string {
  return analyzer
    .words(text)
    .filter((word) => !analyzer.isStopWord(word))
    .map((word) => analyzer.stem(word))
    .join(' ');
}
